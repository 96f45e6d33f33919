package io.nous.codegen;

import io.nous.sim.spi.UsageLimitPolicy;
import java.util.Arrays;

/**
 * Behavioural features of a usage-limit candidate, measured by calling it with two bands: the
 * saturation at which the lowest band first closes ({@code onset}, 1 if never), and the share of
 * 100 calls at saturation 0.8 in which it stays open ({@code dutyAt08}). Discovery places
 * candidates by them and distils principles from them. The candidate runs guarded, so a fault
 * here is a {@link io.nous.codegen.guard.CandidateFault} like any other.
 */
public final class BehaviourProbe {
    private BehaviourProbe() {
    }

    /**
     * {onset, dutyAt08}. For an admission policy the same two axes in its terms: the saturation at
     * which it first refuses at least half of the sheddable requests (over 100 evenly spread draws; 1
     * if never), and the share of sheddable requests it admits at saturation 0.8.
     */
    public static double[] probe(Candidate c) {
        if (c.kind() == CandidateKind.ADMISSION) {
            double onset = 1.0;
            for (int k = 1; k <= 20; k++) {
                if (admitted(c, k * 0.05) < 0.5) {
                    onset = k * 0.05;
                    break;
                }
            }
            return new double[] {Math.round(onset * 100) / 100.0, admitted(c, 0.8)};
        }
        int[] prio = {0, -1};
        double[] ceil = new double[2];
        double onset = 1.0;
        outer:
        for (int k = 1; k <= 20; k++) {
            double s = k * 0.05;
            UsageLimitPolicy p = c.newUsageLimitPolicy();
            for (int call = 0; call < 40; call++) {
                Arrays.fill(ceil, 1.0);
                p.computeLimit(s, prio, ceil);
                if (s >= ceil[1]) {
                    onset = s;
                    break outer;
                }
            }
        }
        UsageLimitPolicy p = c.newUsageLimitPolicy();
        int open = 0;
        for (int call = 0; call < 100; call++) {
            Arrays.fill(ceil, 1.0);
            p.computeLimit(0.8, prio, ceil);
            if (0.8 < ceil[1]) {
                open++;
            }
        }
        return new double[] {Math.round(onset * 100) / 100.0, open / 100.0};
    }

    /** The share of 100 sheddable requests (draws evenly spread over [0, 1)) an admitter lets in once saturation holds at s. */
    private static double admitted(Candidate c, double s) {
        return admittedShare(c::newAdmissionPolicy, -1, s);
    }

    /** Protected calls an admitter sees at a saturation before it is read there: enough for an average over 512 calls to settle. */
    static final int WARM_UP_CALLS = 4096;

    /**
     * The share of 100 requests of this priority, with draws evenly spread over [0, 1), that a fresh
     * admitter lets in once saturation has held at s: a deterministic reading of its refusal curve.
     * It first sees {@link #WARM_UP_CALLS} protected requests at s, so that an admitter deciding on
     * an average of recent saturations is read at its steady state, as in a sustained regime.
     */
    public static double admittedShare(java.util.function.Supplier<io.nous.sim.spi.AdmissionPolicy> admitters, int priority, double s) {
        io.nous.sim.spi.AdmissionPolicy a = admitters.get();
        for (int i = 0; i < WARM_UP_CALLS; i++) {
            a.admit(0, s, 0.5);
        }
        int in = 0;
        for (int i = 0; i < 100; i++) {
            in += a.admit(priority, s, (i + 0.5) / 100) ? 1 : 0;
        }
        return in / 100.0;
    }
}
