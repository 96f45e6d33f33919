package io.nous.sim.epp;

import io.nous.sim.PolicyFailure;
import io.nous.sim.spi.FairnessPolicy;
import java.util.Arrays;

/**
 * The simulator's call site of the fairness plug point: the arrays a band fills with its flows that
 * hold requests (ids, sizes, their next requests' rank, enqueue time, size and SLO header), the
 * policy asked which flow goes next, and its answer checked. One per flow controller; each band
 * keeps its own state for the policy ({@link #newState}).
 */
public final class FairnessCall {
    private final FairnessPolicy policy;
    private final String name;
    int[] flowIds = new int[8];
    int[] queued = new int[8];
    int[] headRank = new int[8];
    long[] headEnqueueUs = new long[8];
    long[] headBytes = new long[8];
    long[] headSloTtftMs = new long[8];

    public FairnessCall(FairnessPolicy policy, String name) {
        this.policy = policy;
        this.name = name;
    }

    /** The policy's name, as results show it. */
    public String name() {
        return name;
    }

    /** A band's state for the policy, zero at first (the router's {@code NewState}). */
    long[] newState() {
        return new long[FairnessPolicy.STATE_SIZE];
    }

    /** Room for {@code n} flows in every array. */
    void ensure(int n) {
        if (n > flowIds.length) {
            int c = Math.max(n, flowIds.length * 2);
            flowIds = Arrays.copyOf(flowIds, c);
            queued = Arrays.copyOf(queued, c);
            headRank = Arrays.copyOf(headRank, c);
            headEnqueueUs = Arrays.copyOf(headEnqueueUs, c);
            headBytes = Arrays.copyOf(headBytes, c);
            headSloTtftMs = Arrays.copyOf(headSloTtftMs, c);
        }
    }

    /** The index of the flow the policy picks among the first {@code n} filled, with the band's {@code state}. */
    int pick(int n, long[] state, int priority) {
        int i;
        try {
            i = policy.pick(n, flowIds, queued, headRank, headEnqueueUs, headBytes, headSloTtftMs, state);
        } catch (PolicyFailure e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            throw new PolicyException("fairness policy '" + name + "' threw " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + " picking among " + n + " flows of band " + priority, e);
        }
        if (i < 0 || i >= n) {
            throw new PolicyException("fairness policy '" + name + "' picked flow " + i + " of " + n + " in band " + priority
                    + "; a pick is an index in [0, " + n + ")", null);
        }
        return i;
    }
}
