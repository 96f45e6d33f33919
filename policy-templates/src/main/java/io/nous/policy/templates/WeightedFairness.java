package io.nous.policy.templates;

import io.nous.sim.spi.FairnessPolicy;

/**
 * The flow with the lowest score goes next: its next request's rank under the band's ordering (what
 * global-strict takes), plus {@code queuePermille} thousandths of a rank per request the flow holds
 * (above 0 a long queue waits: a noisy tenant yields to light ones; below 0 it is drained first), plus
 * {@code repeatPenalty} thousandths of a rank when it is the flow served last (which turns toward
 * round-robin); ties to the flow listed first. The band's state remembers the flow served last
 * ({@code state[0]}: its id plus one). Not a router policy: the fairness search's parametric seed
 * (0 and 0: global-strict).
 */
public final class WeightedFairness implements FairnessPolicy {
    private final long queuePermille;
    private final long repeatPenalty;

    public WeightedFairness() {
        this(0, 0);
    }

    public WeightedFairness(long queuePermille, long repeatPenalty) {
        this.queuePermille = queuePermille;
        this.repeatPenalty = repeatPenalty;
    }

    @Override
    public int pick(int flows, int[] flowIds, int[] queued, int[] headRank, long[] headEnqueueUs, long[] headBytes, long[] headSloTtftMs,
                    long[] state) {
        int best = 0;
        long bestScore = Long.MAX_VALUE;
        for (int i = 0; i < flows; i++) {
            long score = 1000L * headRank[i] + queuePermille * queued[i];
            if (flowIds[i] + 1L == state[0]) {
                score += repeatPenalty;
            }
            if (score < bestScore) {
                bestScore = score;
                best = i;
            }
        }
        state[0] = flowIds[best] + 1L;
        return best;
    }
}
