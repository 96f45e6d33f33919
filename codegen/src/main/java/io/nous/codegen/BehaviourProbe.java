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

    /** {onset, dutyAt08}. */
    public static double[] probe(Candidate c) {
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
}
