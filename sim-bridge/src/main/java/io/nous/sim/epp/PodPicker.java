package io.nous.sim.epp;

import java.util.SplittableRandom;

/**
 * Chooses the pod for a dispatched request with the router's default scheduling profile: a weighted
 * sum of {@code queue-scorer} ({@code (max - q) / (max - min)} over scraped waiting queues, all 1.0
 * when equal; weight 2), {@code kv-cache-utilization-scorer} ({@code 1 - kvUsage}; weight 2) and
 * {@code prefix-cache-scorer} (weight 3). Highest score wins; ties are broken by a seeded random
 * choice.
 *
 * <p>The prefix-cache scorer scores the fraction of a prompt's prefix cached on a pod. The built-in
 * workloads draw every prompt independently, so no prefix is shared and that scorer is 0 for every
 * pod, exactly as in the router for unrelated prompts; it therefore does not change any choice and
 * is not evaluated.
 */
public final class PodPicker {
    public static final double QUEUE_WEIGHT = 2.0;
    public static final double KV_WEIGHT = 2.0;

    private final PodSnapshot[] pods;
    private final SplittableRandom tieBreak;
    private final int[] best;

    public PodPicker(PodSnapshot[] pods, SplittableRandom tieBreak) {
        this.pods = pods;
        this.tieBreak = tieBreak;
        this.best = new int[pods.length];
    }

    /** Index of the chosen pod. */
    public int pick() {
        int n = pods.length;
        int minQ = Integer.MAX_VALUE;
        int maxQ = Integer.MIN_VALUE;
        for (PodSnapshot p : pods) {
            minQ = Math.min(minQ, p.waiting);
            maxQ = Math.max(maxQ, p.waiting);
        }
        double range = maxQ - minQ;
        double top = Double.NEGATIVE_INFINITY;
        int ties = 0;
        for (int i = 0; i < n; i++) {
            PodSnapshot p = pods[i];
            double queue = range == 0 ? 1.0 : (maxQ - p.waiting) / range;
            double score = QUEUE_WEIGHT * queue + KV_WEIGHT * (1.0 - p.kvUsage);
            if (score > top) {
                top = score;
                ties = 0;
                best[ties++] = i;
            } else if (score == top) {
                best[ties++] = i;
            }
        }
        return ties == 1 ? best[0] : best[tieBreak.nextInt(ties)];
    }
}
