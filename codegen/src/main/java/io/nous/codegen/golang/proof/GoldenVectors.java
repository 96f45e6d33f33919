package io.nous.codegen.golang.proof;

import io.nous.codegen.golang.GoTranslator;
import io.nous.codegen.guard.Exercise;
import io.nous.sim.spi.UsageLimitPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * What the Java policy computes, recorded to be replayed against its Go translation: for band counts
 * 1–6 (every count a scenario provisions, and what the Go test's monotonicity check covers) and saturations on a fixed grid (0, 0.5, 0.6, 0.7, 0.75, 1, above 1, ...) plus the neighbours
 * of the policy's own breakpoints, a fresh policy is called repeatedly at that saturation, long
 * enough to show three cycles of any counter period (up to {@link #MAX_PERIOD} calls). Also checks
 * the usage-limit contract on every output: ceilings in [0, 1], no NaN, non-increasing down the
 * bands.
 */
public final class GoldenVectors {
    /** The longest counter period followed; longer cycles are covered only partially. */
    public static final int MAX_PERIOD = 200;
    /** The sweep of saturations 0 to 1.5 in thousandths that the exported test also makes. */
    public static final int RAMP_STEPS = 1500;
    /** Band counts 1 to this are recorded and checked. */
    public static final int MAX_BANDS = Exercise.MAX_BANDS;
    private static final double[] GRID = {0, 0.1, 0.25, 0.4, 0.5, 0.55, 0.6, 0.65, 0.7, 5.0 / 7, 0.75, 0.8, 0.85, 0.9, 0.95, 0.99,
        1.0, 1.1, 1.5, 3.0};

    /** One case: a fresh policy, {@code bands} bands, called {@code want.size()} times at {@code saturation}. */
    public record Case(int bands, double saturation, List<double[]> want) {
        public String name() {
            return String.format(Locale.ROOT, "bands=%d/s=%s", bands, GoTranslator.goDouble(saturation));
        }
    }

    private GoldenVectors() {
    }

    /** Priorities as the router provisions them, highest first: e.g. 3 bands → {1, 0, -1}. */
    public static int[] priorities(int bands) {
        int[] p = new int[bands];
        for (int i = 0; i < bands; i++) {
            p[i] = bands - 2 - i;
        }
        return p;
    }

    /** Records the vectors, or throws {@link ContractBroken} naming the first output that breaks the contract. */
    public static List<Case> record(Supplier<UsageLimitPolicy> policies) {
        ramp(policies);
        List<Case> out = new ArrayList<>();
        List<Double> sats = saturations(policies);
        for (int bands = 1; bands <= MAX_BANDS; bands++) {
            for (double s : sats) {
                out.add(run(policies.get(), bands, s));
            }
        }
        return out;
    }

    /**
     * The same calls as {@link #record} and the same contract check on every output, without keeping
     * them: what verification runs so that whatever it accepts, export accepts.
     *
     * @throws ContractBroken naming the first output that breaks the contract
     */
    public static void check(Supplier<UsageLimitPolicy> policies) {
        ramp(policies);
        List<Double> sats = saturations(policies);
        for (int bands = 1; bands <= MAX_BANDS; bands++) {
            int[] pr = priorities(bands);
            double[] c = new double[bands];
            for (double s : sats) {
                UsageLimitPolicy p = policies.get();
                for (int k = 0; k < 3 * MAX_PERIOD; k++) {
                    java.util.Arrays.fill(c, 1.0);
                    p.computeLimit(s, pr.clone(), c);
                    check(c, bands, s, k);
                }
            }
        }
    }

    /**
     * The exported test's sweep: per band count, one policy called at saturations 0 to 1.5 in steps of
     * 0.001, its counter running on, every answer checked. The Go test makes the same calls, so a
     * policy that passes here passes there.
     */
    private static void ramp(Supplier<UsageLimitPolicy> policies) {
        for (int bands = 1; bands <= MAX_BANDS; bands++) {
            UsageLimitPolicy p = policies.get();
            int[] pr = priorities(bands);
            double[] c = new double[bands];
            for (int k = 0; k <= RAMP_STEPS; k++) {
                double s = k / 1000.0;
                java.util.Arrays.fill(c, 1.0);
                p.computeLimit(s, pr.clone(), c);
                check(c, bands, s, k);
            }
        }
    }

    /** The fixed grid plus each breakpoint of the policy and its neighbours, ascending, non-negative. */
    private static List<Double> saturations(Supplier<UsageLimitPolicy> policies) {
        TreeSet<Double> sats = new TreeSet<>();
        for (double s : GRID) {
            sats.add(s);
        }
        for (double b : breakpoints(policies)) {
            sats.add(b);
            sats.add(Math.nextDown(b));
            sats.add(b - 1e-6);
            sats.add(b + 1e-6);
        }
        return sats.stream().filter(s -> s >= 0).toList();
    }

    private static Case run(UsageLimitPolicy p, int bands, double s) {
        int[] pr = priorities(bands);
        int calls = 3 * MAX_PERIOD;
        List<double[]> all = new ArrayList<>(calls);
        for (int k = 0; k < calls; k++) {
            double[] c = new double[bands];
            java.util.Arrays.fill(c, 1.0);
            p.computeLimit(s, pr.clone(), c);
            check(c, bands, s, k);
            all.add(c);
        }
        int period = period(all);
        return new Case(bands, s, List.copyOf(all.subList(0, Math.min(calls, Math.max(3 * period, 4)))));
    }

    /** The smallest period the outputs settle into after a warm-up of one period, or MAX_PERIOD. */
    private static int period(List<double[]> all) {
        for (int p = 1; p < MAX_PERIOD; p++) {
            boolean ok = true;
            for (int k = p; k + p < all.size() && ok; k++) {
                ok = java.util.Arrays.equals(all.get(k), all.get(k + p));
            }
            if (ok) {
                return p;
            }
        }
        return MAX_PERIOD;
    }

    private static void check(double[] c, int bands, double s, int call) {
        for (int i = 0; i < bands; i++) {
            if (Double.isNaN(c[i])) {
                throw new ContractBroken("the ceiling is NaN " + where(bands, s, call, i));
            }
            if (c[i] < 0 || c[i] > 1) {
                throw new ContractBroken("the ceiling " + c[i] + " is outside [0, 1] " + where(bands, s, call, i));
            }
            if (i > 0 && c[i] > c[i - 1]) {
                throw new ContractBroken("ceilings increase down the bands (" + c[i - 1] + " then " + c[i] + ") "
                        + where(bands, s, call, i) + "; the router requires them non-increasing");
            }
        }
    }

    private static String where(int bands, double s, int call, int band) {
        return String.format(Locale.ROOT, "at saturation %s with %d band(s), call %d, band %d", s, bands, call + 1, band);
    }

    /** Saturations where a fresh policy's first answer changes, on a 0.001 grid over [0, 1.2], refined by bisection. */
    private static List<Double> breakpoints(Supplier<UsageLimitPolicy> policies) {
        List<Double> out = new ArrayList<>();
        double[] prev = first(policies, 0, 3);
        for (int k = 1; k <= 1200; k++) {
            double s = k / 1000.0;
            double[] cur = first(policies, s, 3);
            if (!java.util.Arrays.equals(prev, cur)) {
                double lo = (k - 1) / 1000.0;
                double hi = s;
                for (int it = 0; it < 60 && Math.nextUp(lo) < hi; it++) {
                    double mid = (lo + hi) / 2;
                    if (java.util.Arrays.equals(first(policies, mid, 3), prev)) {
                        lo = mid;
                    } else {
                        hi = mid;
                    }
                }
                out.add(hi);
                if (out.size() >= 12) {
                    break;
                }
            }
            prev = cur;
        }
        return out;
    }

    private static double[] first(Supplier<UsageLimitPolicy> policies, double s, int bands) {
        double[] c = new double[bands];
        java.util.Arrays.fill(c, 1.0);
        policies.get().computeLimit(s, priorities(bands), c);
        return c;
    }

    /** The policy breaks the usage-limit contract, so it is not exported. */
    public static final class ContractBroken extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public ContractBroken(String message) {
            super(message);
        }
    }
}
