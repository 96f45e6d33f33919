package io.nous.policy.templates;

import io.nous.sim.spi.FairnessPolicy;

/**
 * llm-d-router's {@code round-robin-fairness-policy} (flowcontrol/fairness/roundrobin): each flow that
 * holds requests takes a turn in flow order; the band's state remembers the flow served last
 * ({@code state[0]}: its id plus one, 0 before the first pick).
 */
public final class RoundRobinFairness implements FairnessPolicy {

    @Override
    public int pick(int flows, int[] flowIds, int[] queued, int[] headRank, long[] headEnqueueUs, long[] headBytes, long[] headSloTtftMs,
                    long[] state) {
        long last = state[0] - 1;
        int next = 0;
        for (int i = 0; i < flows; i++) {
            if (flowIds[i] > last) {
                next = i;
                break;
            }
        }
        state[0] = flowIds[next] + 1L;
        return next;
    }
}
