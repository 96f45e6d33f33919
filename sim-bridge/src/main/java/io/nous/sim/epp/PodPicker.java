package io.nous.sim.epp;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Chooses the pod for a dispatched request with the router's default scheduling profile: a weighted
 * sum of {@code queue-scorer} ({@code (max - q) / (max - min)} over scraped waiting queues, all 1.0
 * when equal; weight 2), {@code kv-cache-utilization-scorer} ({@code 1 - kvUsage}; weight 2) and
 * {@code prefix-cache-scorer} (weight 3). Highest score wins; ties are broken by a seeded random
 * choice.
 *
 * <p>The prefix-cache scorer scores the fraction of a prompt's prefix cached on a pod. For prompts
 * that share nothing it is 0 for every pod, exactly as in the router, and changes no choice; for
 * prompts that share prefixes it is not simulated yet, so such a request goes where load says.
 *
 * <p>With the utilization detector as a filter in the scheduling profile
 * (pkg/epp/framework/plugins/flowcontrol/saturationdetector/utilization/detector.go, {@code Filter}),
 * only pods whose fresh metrics are under {@code threshold · (1 + headroom)} in both queue and KV
 * cache are scored; when none is, all are (fail-open).
 */
public final class PodPicker {
    public static final double QUEUE_WEIGHT = 2.0;
    public static final double KV_WEIGHT = 2.0;

    private final PodSnapshot[] pods;
    private final SplittableRandom tieBreak;
    private final int[] best;
    private final boolean[] eligible;
    private boolean filter;
    private double queueLimit;
    private double kvLimit;
    private long stalenessUs;

    public PodPicker(PodSnapshot[] pods, SplittableRandom tieBreak) {
        this.pods = pods;
        this.tieBreak = tieBreak;
        this.best = new int[pods.length];
        this.eligible = new boolean[pods.length];
        Arrays.fill(eligible, true);
    }

    /**
     * Filters pods as the utilization detector does in a scheduling profile: a pod stays a candidate
     * while its fresh metrics are under {@code queueDepthThreshold · (1 + headroom)} waiting and
     * {@code kvCacheUtilThreshold · (1 + headroom)} KV usage.
     */
    public PodPicker withUtilizationFilter(int queueDepthThreshold, double kvCacheUtilThreshold, long stalenessUs, double headroom) {
        this.filter = true;
        this.queueLimit = queueDepthThreshold * (1.0 + headroom);
        this.kvLimit = kvCacheUtilThreshold * (1.0 + headroom);
        this.stalenessUs = stalenessUs;
        return this;
    }

    /** Index of the chosen pod at {@code nowUs}. */
    public int pick(long nowUs) {
        if (filter) {
            boolean any = false;
            for (int i = 0; i < pods.length; i++) {
                PodSnapshot p = pods[i];
                eligible[i] = p.scrapedAtUs != Long.MIN_VALUE && nowUs - p.scrapedAtUs <= stalenessUs && p.waiting < queueLimit
                        && p.kvUsage < kvLimit;
                any |= eligible[i];
            }
            if (!any) {
                Arrays.fill(eligible, true); // fail-open
            }
        }
        return pick();
    }

    /** Index of the chosen pod among the candidates the filter left (all without one). */
    public int pick() {
        int n = pods.length;
        int minQ = Integer.MAX_VALUE;
        int maxQ = Integer.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            if (eligible[i]) {
                minQ = Math.min(minQ, pods[i].waiting);
                maxQ = Math.max(maxQ, pods[i].waiting);
            }
        }
        double range = maxQ - minQ;
        double top = Double.NEGATIVE_INFINITY;
        int ties = 0;
        for (int i = 0; i < n; i++) {
            if (!eligible[i]) {
                continue;
            }
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
