package io.nous.codegen.guard;

import io.nous.sim.spi.AdmissionPolicy;
import io.nous.sim.spi.RoutingScorer;
import io.nous.sim.spi.UsageLimitPolicy;
import java.util.Arrays;

/**
 * Calls a guarded policy over a grid of inputs before it meets the simulator: every band count a
 * scenario can provision (1 to {@value #MAX_BANDS}: a workload spec has up to five SLO classes plus
 * band 0), saturations from 0 to 100 (including 0.5, 1 and their neighbours; an overloaded pool
 * reaches tens), and enough repeated calls to cycle any counter; checks every answer against the
 * ceiling contract. An admitter is asked with the saturation's two terms alike and apart. The
 * guard's per-call and per-instance work limits apply, so the exercise is itself bounded and a
 * candidate that is too slow fails here, not in a simulation. Returns the first fault, or null
 * when the policy behaved.
 */
public final class Exercise {
    static final double[] SATURATIONS = {0, 0.1, 0.25, 0.4, 0.4999, 0.5, 0.5001, 0.6, 0.7, 0.75, 0.8, 0.9, 0.95, 0.99,
        0.9999, 1.0, 1.0001, 1.2, 1.5, 2.0, 5.0, 20.0, 100.0};
    /** Most priority bands a scenario provisions. */
    public static final int MAX_BANDS = 6;

    private Exercise() {
    }

    public static CandidateFault usageLimit(UsageLimitPolicy p, String name) {
        try {
            for (int bands = 1; bands <= MAX_BANDS; bands++) {
                int[] priorities = new int[bands];
                for (int i = 0; i < bands; i++) {
                    priorities[i] = bands - 2 - i; // e.g. 3 bands: 1, 0, -1
                }
                int[] view = priorities.clone();
                double[] ceilings = new double[bands];
                for (int round = 0; round < 20; round++) {
                    for (double s : SATURATIONS) {
                        Arrays.fill(ceilings, 1.0);
                        p.computeLimit(s, view, ceilings);
                        String breach = ContractCheck.breach(priorities, view, ceilings);
                        if (breach != null) {
                            return new CandidateFault("candidate '" + name + "' " + breach + " (computeLimit at saturation " + s + ", "
                                    + bands + " bands)");
                        }
                    }
                }
            }
            return null;
        } catch (CandidateFault f) {
            return f;
        }
    }

    /** Routing candidates over endpoints from idle to overloaded, cached to cold: any fault, or a NaN score. */
    public static CandidateFault routing(RoutingScorer p) {
        try {
            for (int pass = 0; pass < 3; pass++) {
                for (double match : new double[] {0, 0.5, 0.8, 0.99, 1}) {
                    for (int requests = 0; requests <= 64; requests = requests * 2 + 1) {
                        for (long tokens : new long[] {0, 64, 4_000, 100_000, 5_000_000}) {
                            double s = p.score(4_000, match, Math.round(4_000 * (1 - match)), tokens, requests, Math.max(requests, 8),
                                    requests / 2, Math.min(requests, 4), Math.min(1.0, requests / 64.0));
                            if (Double.isNaN(s)) {
                                return new CandidateFault("routing scorer returned NaN for prefix match " + match + ", " + requests
                                        + " requests and " + tokens + " tokens in flight");
                            }
                        }
                    }
                }
            }
            return null;
        } catch (CandidateFault f) {
            return f;
        }
    }

    public static CandidateFault admission(AdmissionPolicy p) {
        // several passes, so a slow admitter meets the average work limit here
        for (int pass = 0; pass < 3; pass++) {
            CandidateFault f = admissionPass(p);
            if (f != null) {
                return f;
            }
        }
        return null;
    }

    private static CandidateFault admissionPass(AdmissionPolicy p) {
        try {
            for (int priority = -2; priority <= 1; priority++) {
                for (double s : SATURATIONS) {
                    for (double u = 0.05; u < 1; u += 0.1) {
                        // a pool saturated by both terms alike, by its queues alone, by its KV cache alone
                        p.admit(priority, s, s, s, u);
                        p.admit(priority, s, s, 0, u);
                        p.admit(priority, s, 0, s, u);
                    }
                }
            }
            return null;
        } catch (CandidateFault f) {
            return f;
        }
    }
}
