package io.nous.codegen;

import io.nous.codegen.golang.proof.BehaviourFingerprint;
import io.nous.codegen.golang.proof.SimulatedStates;
import io.nous.codegen.guard.CandidateFault;
import io.nous.codegen.plug.PlugPoints;
import io.nous.sim.spi.AdmissionPolicy;
import io.nous.sim.spi.RoutingScorer;
import io.nous.sim.spi.UsageLimitPolicy;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * What a candidate decides over a fixed probe grid, as numbers in [0, 1] that mean the same for every
 * candidate of a kind, so that two candidates can be compared by how far apart their decisions are
 * and not only by whether they are identical (the {@linkplain io.nous.codegen.golang.proof.BehaviourFingerprint
 * fingerprint} does that). Discovery skips a proposal within a tolerance of an evaluated candidate as
 * a behavioural duplicate.
 *
 * <ul>
 *   <li>A usage-limit policy: for each priority array the simulator will pass it, the share of calls in
 *   which each band is open (saturation below its ceiling, the gate's test) once held at each
 *   saturation from 0 to 1.2 in steps of 0.01, and in each window of a slow ramp up and down, four
 *   times on one instance (which shows hysteresis, and counters that act after thousands of calls).</li>
 *   <li>An admitter: the share of evenly spread draws it admits, for each priority the workloads use,
 *   once the pool has held at each saturation from 0 to 1.2 in steps of 0.02, on a pool whose queues
 *   and KV cache both carry the saturation, whose queues alone do, and whose KV cache alone does.</li>
 *   <li>A routing scorer: its score clamped to [0, 1], as the router's profile clamps it before
 *   weighting, over a grid of endpoints from idle to overloaded and cold to fully cached.</li>
 * </ul>
 *
 * The distance is the largest difference at any point ({@link #distance}): a tolerance of 0.02 says
 * that no probed decision moved by more than two percentage points (or two hundredths of a score).
 * A shift below the grid's resolution (a threshold moved by less than 0.01) or in a behaviour the
 * grid never reaches (a counter that acts only after thousands of calls at one saturation) is not seen;
 * discovery's novelty audit measures how often that matters.
 */
public final class BehaviourSignature {
    /** Saturations a usage-limit policy is held at: 0 to 1.2 in steps of 0.01. */
    static final int USAGE_HOLDS = 121;
    /** Calls at each held saturation before its open share is read, and calls read. */
    static final int WARM_UP = 256;
    static final int READ = 512;
    /** The ramp: calls each way, calls per window read, and up-and-down cycles on one instance (9,600 calls: past counters of thousands). */
    static final int RAMP_CALLS = 1_200;
    static final int RAMP_WINDOW = 40;
    static final int RAMP_CYCLES = 4;
    /** Saturations an admitter is held at: 0 to 1.2 in steps of 0.02. */
    static final int ADMISSION_HOLDS = 61;
    static final int ADMISSION_WARM_UP = 512;
    static final int DRAWS = 100;

    private BehaviourSignature() {
    }

    /**
     * The signature of a candidate; usage-limit policies are called with {@code prioritySets}, admitters
     * asked about their priorities. Null when the candidate faults on the grid (it throws, or breaks a
     * limit): a fault is behaviour no share can stand for, so such a candidate is near no other and is
     * simulated, where the fault is reported as any other.
     */
    public static double[] of(Candidate c, List<int[]> prioritySets) {
        try {
            return PlugPoints.of(c.kind()).signature(c, prioritySets);
        } catch (CandidateFault f) {
            return null;
        }
    }

    /**
     * The largest difference between two signatures at any point; infinite when they are of different
     * shapes (different kinds, or probed with different priorities), so that they are never near.
     */
    public static double distance(double[] a, double[] b) {
        if (a == null || b == null || a.length != b.length) {
            return Double.POSITIVE_INFINITY;
        }
        double max = 0;
        for (int i = 0; i < a.length; i++) {
            double d = Math.abs(a[i] - b[i]);
            if (!(d <= max)) {
                max = Double.isNaN(d) ? Double.POSITIVE_INFINITY : d;
            }
        }
        return max;
    }

    public static double[] usageLimit(Supplier<UsageLimitPolicy> fresh, List<int[]> prioritySets) {
        int size = 0;
        for (int[] p : prioritySets) {
            size += p.length * (USAGE_HOLDS + RAMP_CYCLES * 2 * RAMP_CALLS / RAMP_WINDOW);
        }
        double[] out = new double[size];
        int at = 0;
        for (int[] priorities : prioritySets) {
            int bands = priorities.length;
            double[] ceilings = new double[bands];
            int[] open = new int[bands];
            for (int h = 0; h < USAGE_HOLDS; h++) {
                double s = h / 100.0;
                UsageLimitPolicy p = fresh.get();
                for (int call = 0; call < WARM_UP; call++) {
                    limit(p, s, priorities, ceilings);
                }
                Arrays.fill(open, 0);
                for (int call = 0; call < READ; call++) {
                    limit(p, s, priorities, ceilings);
                    countOpen(s, ceilings, open);
                }
                for (int b = 0; b < bands; b++) {
                    out[at++] = open[b] / (double) READ;
                }
            }
            UsageLimitPolicy p = fresh.get();
            for (int w = 0; w < RAMP_CYCLES * 2 * RAMP_CALLS / RAMP_WINDOW; w++) {
                Arrays.fill(open, 0);
                for (int k = 0; k < RAMP_WINDOW; k++) {
                    int call = (w * RAMP_WINDOW + k) % (2 * RAMP_CALLS);
                    double s = 1.2 * (call < RAMP_CALLS ? call : 2 * RAMP_CALLS - call) / RAMP_CALLS;
                    limit(p, s, priorities, ceilings);
                    countOpen(s, ceilings, open);
                }
                for (int b = 0; b < bands; b++) {
                    out[at++] = open[b] / (double) RAMP_WINDOW;
                }
            }
        }
        return out;
    }

    private static void limit(UsageLimitPolicy p, double s, int[] priorities, double[] ceilings) {
        Arrays.fill(ceilings, 1.0);
        p.computeLimit(s, priorities, ceilings);
    }

    private static void countOpen(double s, double[] ceilings, int[] open) {
        for (int b = 0; b < ceilings.length; b++) {
            open[b] += s < ceilings[b] ? 1 : 0; // the flow controller gates a band when s >= its ceiling
        }
    }

    /** Every priority the workloads use, highest first, with critical (0) and sheddable (-1) always among them. */
    public static int[] priorities(List<int[]> prioritySets) {
        TreeSet<Integer> all = new TreeSet<>(List.of(0, -1));
        if (prioritySets != null) {
            for (int[] set : prioritySets) {
                for (int p : set) {
                    all.add(p);
                }
            }
        }
        return all.descendingSet().stream().mapToInt(Integer::intValue).toArray();
    }

    public static double[] admission(Supplier<AdmissionPolicy> fresh, int[] priorities) {
        double[] out = new double[ADMISSION_HOLDS * 3 * priorities.length];
        int at = 0;
        for (int pool = 0; pool < 3; pool++) {
            for (int h = 0; h < ADMISSION_HOLDS; h++) {
                double s = h / 50.0;
                double queue = pool == 2 ? 0 : s;
                double kv = pool == 1 ? 0 : s;
                AdmissionPolicy a = fresh.get();
                for (int i = 0; i < ADMISSION_WARM_UP; i++) {
                    a.admit(0, s, queue, kv, 0.5);
                }
                for (int priority : priorities) {
                    int in = 0;
                    for (int i = 0; i < DRAWS; i++) {
                        in += a.admit(priority, s, queue, kv, (i + 0.5) / DRAWS) ? 1 : 0;
                    }
                    out[at++] = in / (double) DRAWS;
                }
            }
        }
        return out;
    }

    public static double[] routing(RoutingScorer s) {
        long[] prompts = {200, 4_000, 32_000};
        double[] matches = {0, 0.25, 0.5, 0.79, 0.8, 0.95, 1};
        int[] requests = {0, 1, 2, 4, 8, 16, 64};
        long[] tokens = {0, 64, 1_000, 10_000, 100_000, 4_194_304, 10_000_000};
        double[] kvs = {0, 0.5, 0.95};
        // first the states routing regimes really produce, where inputs move as they do in a cluster, not together
        double[] recorded = io.nous.codegen.golang.proof.SimulatedStates.scoresOnRecordedStates(s);
        double[] out = new double[prompts.length * matches.length * requests.length * tokens.length * kvs.length + recorded.length];
        int at = 0;
        for (double v : recorded) {
            out[at++] = clamped(v);
        }
        for (long prompt : prompts) {
            for (double match : matches) {
                for (int n : requests) {
                    for (long t : tokens) {
                        for (double kv : kvs) {
                            out[at++] = clamped(s.score(prompt, match, Math.round(prompt * (1 - match)), t, n, Math.max(n, 16), n / 2,
                                    Math.min(n, 8), kv));
                        }
                    }
                }
            }
        }
        return out;
    }

    /** The profile clamps every score to [0, 1] before weighting it; a NaN (which the simulator refuses) stays NaN, so that this signature is near no other. */
    private static double clamped(double v) {
        return Double.isNaN(v) ? v : Math.max(0, Math.min(1, v));
    }
}
