package io.nous.codegen.golang;

import io.nous.sim.spi.AdmissionPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * What a Java admission policy decides, recorded to be replayed against its Go translation: for
 * priorities from two bands above critical to two below, saturations on a fixed grid, a sweep from
 * 0 to 1.5 and the neighbours of the policy's own breakpoints, a fresh policy is asked about a fixed
 * list of uniform draws in turn (so a policy with a counter is replayed call by call).
 */
public final class AdmissionVectors {
    /** The priorities asked about: critical and above, sheddable and below. */
    public static final int[] PRIORITIES = {2, 1, 0, -1, -2};
    /** The draws asked about at each (priority, saturation), in this order. */
    public static final double[] DRAWS = {0.0, 1e-6, 0.001, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99,
        0.999, 0.999999};
    private static final double[] GRID = {0, 0.1, 0.25, 0.4, 0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 0.99, 1.0, 1.05, 1.1, 1.25, 1.5,
        2.0, 3.0};
    private static final int SWEEP = 150;

    /** One case: a fresh policy asked about {@code DRAWS} in turn at this priority and saturation. */
    public record Case(int priority, double saturation, boolean[] want) {
        public String name() {
            return String.format(Locale.ROOT, "priority=%d/s=%s", priority, GoTranslator.goDouble(saturation));
        }
    }

    private AdmissionVectors() {
    }

    /** Records the decisions. */
    public static List<Case> record(Supplier<AdmissionPolicy> policies) {
        TreeSet<Double> sats = new TreeSet<>();
        for (double s : GRID) {
            sats.add(s);
        }
        for (int i = 0; i <= SWEEP; i++) {
            sats.add(i / 100.0);
        }
        // where a sheddable request's admission probability changes, and just around it
        for (int p : new int[] {-1, 0}) {
            double previous = admitted(policies.get(), p, 0);
            for (int i = 1; i <= 1500; i++) {
                double s = i / 1000.0;
                double now = admitted(policies.get(), p, s);
                if (now != previous) {
                    sats.add(Math.nextDown(s));
                    sats.add(s);
                    sats.add(s - 0.001);
                }
                previous = now;
            }
        }
        List<Case> out = new ArrayList<>();
        for (int p : PRIORITIES) {
            for (double s : sats) {
                AdmissionPolicy a = policies.get();
                boolean[] want = new boolean[DRAWS.length];
                for (int i = 0; i < DRAWS.length; i++) {
                    want[i] = a.admit(p, s, DRAWS[i]);
                }
                out.add(new Case(p, s, want));
            }
        }
        return out;
    }

    /** The share of the fixed draws a fresh policy admits at (priority, saturation): a fingerprint of its curve. */
    private static double admitted(AdmissionPolicy a, int priority, double s) {
        int n = 0;
        for (double u : DRAWS) {
            n += a.admit(priority, s, u) ? 1 : 0;
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
                    .append(Double.toString(c.saturation())).append(", \"want\": [");
            for (int i = 0; i < c.want().length; i++) {
                sb.append(i > 0 ? ", " : "").append(c.want()[i]);
            }
            sb.append("]}").append(n < cases.size() - 1 ? "," : "").append('\n');
        }
        return sb.append("  ]\n}\n").toString();
    }
}
