package io.nous.codegen.golang.proof;

import io.nous.codegen.golang.GoTranslator;
import io.nous.sim.spi.AdmissionPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * What a Java admission policy decides, recorded to be replayed against its Go translation: for
 * priorities from two bands above critical to two below, pool states on a fixed grid, a sweep from
 * 0 to 1.5 and the neighbours of the policy's own breakpoints, a fresh policy is asked about a fixed
 * list of uniform draws in turn (so a policy with a counter is replayed call by call).
 *
 * <p>A pool state is a saturation and, for an admitter of the terms form, its queue and KV terms:
 * both terms at the saturation, each term alone, and a grid of the two together (the saturation
 * then the larger, as for one pod). An admitter of the saturation form is asked about saturations
 * only and its cases carry no terms.
 */
public final class AdmissionVectors {
    /** The priorities asked about: critical and above, sheddable and below. */
    public static final int[] PRIORITIES = {2, 1, 0, -1, -2};
    /** The draws asked about at each (priority, pool state), in this order. */
    public static final double[] DRAWS = {0.0, 1e-6, 0.001, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99,
        0.999, 0.999999};
    private static final double[] GRID = {0, 0.1, 0.25, 0.4, 0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 0.99, 1.0, 1.05, 1.1, 1.25, 1.5,
        2.0, 3.0};
    /** Term values combined with each other for an admitter of the terms form. */
    private static final double[] MIXED = {0.1, 0.3, 0.5, 0.75, 0.9, 1.2};
    private static final int SWEEP = 150;

    /**
     * One case: a fresh policy asked about {@code DRAWS} in turn at this priority and pool state;
     * {@code queue} and {@code kv} are NaN for an admitter of the saturation form.
     */
    public record Case(int priority, double saturation, double queue, double kv, boolean[] want) {
        /** Whether the case gives the saturation's terms (an admitter of the terms form). */
        public boolean terms() {
            return !Double.isNaN(queue);
        }

        public String name() {
            String s = String.format(Locale.ROOT, "priority=%d/s=%s", priority, GoTranslator.goDouble(saturation));
            return terms() ? s + "/queue=" + GoTranslator.goDouble(queue) + "/kv=" + GoTranslator.goDouble(kv) : s;
        }
    }

    /** Which terms of the pool rise with the saturation along a line of pool states. */
    private enum Axis {
        BOTH, QUEUE, KV;

        double queue(double s) {
            return this == KV ? 0 : s;
        }

        double kv(double s) {
            return this == QUEUE ? 0 : s;
        }
    }

    private AdmissionVectors() {
    }

    /** Records the decisions of an admitter of the saturation form. */
    public static List<Case> record(Supplier<AdmissionPolicy> policies) {
        return record(policies, false);
    }

    /**
     * Records the decisions.
     *
     * @param terms whether the admitter implements the terms form (its cases then carry queue and KV)
     */
    public static List<Case> record(Supplier<AdmissionPolicy> policies, boolean terms) {
        List<double[]> states = new ArrayList<>();
        for (Axis axis : terms ? Axis.values() : new Axis[] {Axis.BOTH}) {
            TreeSet<Double> sats = new TreeSet<>();
            for (double s : GRID) {
                sats.add(s);
            }
            if (axis == Axis.BOTH) {
                for (int i = 0; i <= SWEEP; i++) {
                    sats.add(i / 100.0);
                }
            }
            sats.addAll(breakpoints(policies, axis));
            for (double s : sats) {
                states.add(new double[] {s, axis.queue(s), axis.kv(s)});
            }
        }
        if (terms) {
            for (double q : MIXED) {
                for (double k : MIXED) {
                    states.add(new double[] {Math.max(q, k), q, k});
                }
            }
        }
        List<Case> out = new ArrayList<>();
        for (int p : PRIORITIES) {
            for (double[] st : states) {
                AdmissionPolicy a = policies.get();
                boolean[] want = new boolean[DRAWS.length];
                for (int i = 0; i < DRAWS.length; i++) {
                    want[i] = a.admit(p, st[0], st[1], st[2], DRAWS[i]);
                }
                out.add(terms ? new Case(p, st[0], st[1], st[2], want) : new Case(p, st[0], Double.NaN, Double.NaN, want));
            }
        }
        return out;
    }

    /** Saturations along the axis where a request's admission probability changes, and just around them. */
    private static TreeSet<Double> breakpoints(Supplier<AdmissionPolicy> policies, Axis axis) {
        TreeSet<Double> out = new TreeSet<>();
        for (int p : new int[] {-1, 0}) {
            double previous = admitted(policies.get(), p, 0, axis);
            for (int i = 1; i <= 1500; i++) {
                double s = i / 1000.0;
                double now = admitted(policies.get(), p, s, axis);
                if (now != previous) {
                    out.add(Math.nextDown(s));
                    out.add(s);
                    out.add(s - 0.001);
                }
                previous = now;
            }
        }
        return out;
    }

    /** The share of the fixed draws a fresh policy admits at (priority, pool state): a fingerprint of its curve. */
    private static double admitted(AdmissionPolicy a, int priority, double s, Axis axis) {
        int n = 0;
        for (double u : DRAWS) {
            n += a.admit(priority, s, axis.queue(s), axis.kv(s), u) ? 1 : 0;
        }
        return n / (double) DRAWS.length;
    }

    /** The cases as the Go test's fixture, one per line. */
    public static String json(List<Case> cases) {
        StringBuilder sb = new StringBuilder("{\n  \"draws\": [");
        for (int i = 0; i < DRAWS.length; i++) {
            sb.append(i > 0 ? ", " : "").append(Double.toString(DRAWS[i]));
        }
        sb.append("],\n  \"cases\": [\n");
        for (int n = 0; n < cases.size(); n++) {
            Case c = cases.get(n);
            sb.append("    {\"name\": \"").append(c.name()).append("\", \"priority\": ").append(c.priority()).append(", \"saturation\": ")
                    .append(Double.toString(c.saturation()));
            if (c.terms()) {
                sb.append(", \"queue\": ").append(Double.toString(c.queue())).append(", \"kv\": ").append(Double.toString(c.kv()));
            }
            sb.append(", \"want\": [");
            for (int i = 0; i < c.want().length; i++) {
                sb.append(i > 0 ? ", " : "").append(c.want()[i]);
            }
            sb.append("]}").append(n < cases.size() - 1 ? "," : "").append('\n');
        }
        return sb.append("  ]\n}\n").toString();
    }
}
