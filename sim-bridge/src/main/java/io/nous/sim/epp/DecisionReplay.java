package io.nous.sim.epp;

import io.nous.sim.spi.UsageLimitPolicy;

/**
 * Holds a usage-limit policy to another run's {@link DecisionTrace}: calls it on every recorded cycle,
 * with that cycle's saturation, exactly as the flow controller would ({@link LimitCalls}: the same
 * pre-filled ceilings, the same repeats accounted to a guarded candidate's budget), and asks whether its
 * ceilings walk the bands the same way: past band k where the run dispatched from band k, stopping at
 * band g where it stopped at band g. A policy that does so at every cycle, within the contract and
 * without throwing, would have run that run exactly: the same cycles see the same saturations, the same
 * requests leave, and every count but the policy's name comes out the same. One that does not (or that
 * throws, or breaks the contract) must be simulated; a fresh instance, since the replay has advanced
 * this one's state.
 *
 * <p>A run with light load calls the policy a few thousand times; replaying them costs a small part of
 * simulating the run. A policy that is a no-op at low load, as a good one is, then costs the light
 * points nothing more than their replay.
 */
public final class DecisionReplay {
    private DecisionReplay() {
    }

    /** Whether {@code policy}, from its current state, decides every cycle of {@code trace} as the traced run did. */
    public static boolean decidesAlike(DecisionTrace trace, UsageLimitPolicy policy) {
        LimitCalls calls = new LimitCalls(policy, trace.priorities());
        for (DecisionTrace.Reader r = trace.reader(); r.next(); ) {
            double s = r.saturation();
            int code = r.code();
            if (!sameWalk(calls, s, code)) {
                return false;
            }
            long left = r.cycles() - 1;
            while (left > 0) {
                if (calls.lastRepeats()) {
                    // the rest repeat this call: accounted, not made; a budget that refuses one fails the run
                    if (calls.repeat(left) != left) {
                        return false;
                    }
                    break;
                }
                if (!sameWalk(calls, s, code)) {
                    return false;
                }
                left--;
            }
        }
        return true;
    }

    private static boolean sameWalk(LimitCalls calls, double s, int code) {
        try {
            calls.call(s);
        } catch (RuntimeException | StackOverflowError e) {
            return false;
        }
        if (calls.problem() != null) {
            return false;
        }
        int gate = LimitCalls.gate(s, calls.ceilings);
        return code >= 0 ? gate == code : gate > -1 - code;
    }
}
