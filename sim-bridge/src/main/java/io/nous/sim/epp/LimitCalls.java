package io.nous.sim.epp;

import io.nous.sim.spi.UsageLimitPolicy;
import java.util.Arrays;

/**
 * How a usage-limit policy is called, one dispatch cycle at a time: the ceilings pre-filled with 1.0,
 * the policy's own fields read around the call ({@link PolicyState}) or a trusted wrapper's word
 * ({@link RepeatableCalls}) on whether the next call with the same saturation repeats this one, repeats
 * accounted without calling, and the answer held to the contract. The flow controller calls through it,
 * and so does {@link DecisionReplay}, so that a replayed policy is called exactly as a simulation would
 * call it.
 */
final class LimitCalls {
    private final UsageLimitPolicy policy;
    private final int[] priorities;
    /** What the policy sees: refilled from {@link #priorities} if a policy ever writes to it. */
    final int[] prioritiesView;
    final double[] ceilings;
    /** The policy's own fields, read around each call; null when it does not qualify. */
    private final PolicyState state;
    /** The policy is a trusted wrapper that says itself whether its last call repeats; null otherwise. */
    private final RepeatableCalls repeatable;
    private boolean lastRepeats;

    /** @param priorities the provisioned priorities, highest first (kept; never handed to the policy) */
    LimitCalls(UsageLimitPolicy policy, int[] priorities) {
        this.policy = policy;
        this.priorities = priorities;
        this.prioritiesView = priorities.clone();
        this.ceilings = new double[priorities.length];
        this.repeatable = RepeatableCalls.trusted(policy) ? (RepeatableCalls) policy : null;
        this.state = repeatable == null ? PolicyState.of(policy) : null;
    }

    /** Calls the policy at saturation {@code s}; its ceilings are then in {@link #ceilings}. Throws what the policy throws. */
    void call(double s) {
        Arrays.fill(ceilings, 1.0);
        if (state != null) {
            state.beforeCall(policy);
        }
        policy.computeLimit(s, prioritiesView, ceilings);
        lastRepeats = Arrays.equals(prioritiesView, priorities)
                && (repeatable != null ? repeatable.lastCallRepeats() : state != null && state.afterCall(policy));
    }

    /** Whether the last call changed nothing the next could see, so that the next with the same saturation repeats it. */
    boolean lastRepeats() {
        return lastRepeats;
    }

    /**
     * Accounts up to {@code count} calls that repeat the last (see {@link #lastRepeats}) without making
     * them; returns how many, fewer only when a guarded candidate's budget would fail on the next.
     */
    long repeat(long count) {
        return repeatable != null ? repeatable.repeatLastCalls(count) : count;
    }

    /** Accounts one repeat that {@link #repeat} refused: throws what that call would have thrown. */
    void repeatRefused() {
        repeatable.repeatLastCall();
    }

    /**
     * What is wrong with the last call's answer under the contract (priorities written to, a ceiling NaN,
     * outside [0, 1] or above the band before), or null when nothing is; a written priorities array is
     * restored for the next call.
     */
    String problem() {
        double prev = Double.POSITIVE_INFINITY;
        for (int i = 0; i < ceilings.length; i++) {
            double c = ceilings[i];
            if (prioritiesView[i] != priorities[i]) {
                System.arraycopy(priorities, 0, prioritiesView, 0, priorities.length);
                return "the policy modified the read-only priorities array";
            } else if (Double.isNaN(c)) {
                return "ceiling[" + i + "] is NaN";
            } else if (c < 0 || c > 1) {
                return "ceiling[" + i + "] = " + c + " is outside [0, 1]";
            } else if (c > prev) {
                return "ceiling[" + i + "] = " + c + " exceeds the band above (" + prev + ")";
            }
            prev = c;
        }
        return null;
    }

    /** The first band whose ceiling the saturation reaches (the walk stops there), or the band count when none. */
    static int gate(double s, double[] ceilings) {
        for (int i = 0; i < ceilings.length; i++) {
            if (s >= ceilings[i]) {
                return i;
            }
        }
        return ceilings.length;
    }
}
