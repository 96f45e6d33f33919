package io.nous.policy.templates;

import io.nous.sim.spi.FairnessPolicy;

/**
 * llm-d-router's {@code global-strict-fairness-policy} (flowcontrol/fairness/globalstrict): the flow
 * whose next request the band's ordering would dispatch first, as if the band were one queue. The
 * router's default fairness.
 */
public final class GlobalStrictFairness implements FairnessPolicy {

    @Override
    public int pick(int flows, int[] flowIds, int[] queued, int[] headRank, long[] headEnqueueUs, long[] headBytes, long[] headSloTtftMs,
                    long[] state) {
        for (int i = 0; i < flows; i++) {
            if (headRank[i] == 0) {
                return i;
            }
        }
        return 0;
    }
}
