package io.nous.evaluator;

import io.nous.evaluator.run.PairedScenario;
import io.nous.evaluator.run.RunData;
import io.nous.sim.metrics.ClassSummary;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Whether a scenario's seeds agree on its regime. Near capacity one seed's arrivals can tip the
 * cluster into a backlog it never leaves (a preemption storm, a thundering herd) while another's do
 * not; a pooled change then mixes two regimes and says neither. An arm's seeds disagree when its
 * highest-priority class's TTFT p99 is at least {@value #COLLAPSED_MS} ms in some seed and at most
 * 1/{@value #SPREAD} of that in another.
 */
public final class SeedRegimes {
    /** A p99 TTFT this long means requests queue for seconds: the seed's run is backlogged. */
    static final double COLLAPSED_MS = 5_000;
    /** How far apart two seeds' p99 must be to be different regimes rather than noise. */
    static final double SPREAD = 5;

    private SeedRegimes() {
    }

    /** A line naming the arms whose seeds disagree, with each seed's p99; null when every arm's seeds agree. */
    public static String disagreement(PairedScenario p) {
        String base = arm("baseline", p.baseline());
        String cand = arm("candidate", p.candidate());
        if (base == null && cand == null) {
            return null;
        }
        return base == null ? cand : cand == null ? base : base + "; " + cand;
    }

    private static String arm(String name, List<RunData> seeds) {
        double[] p99 = new double[seeds.size()];
        double max = Double.NEGATIVE_INFINITY;
        double min = Double.POSITIVE_INFINITY;
        for (int i = 0; i < p99.length; i++) {
            p99[i] = topClass(seeds.get(i)).ttft().p99Ms();
            if (!Double.isNaN(p99[i])) {
                max = Math.max(max, p99[i]);
                min = Math.min(min, p99[i]);
            }
        }
        if (!(max >= COLLAPSED_MS) || !(min * SPREAD <= max)) {
            return null;
        }
        String values = IntStream.range(0, p99.length).mapToObj(i -> String.format(Locale.ROOT, "seed %d %s", i + 1,
                seconds(p99[i]))).collect(Collectors.joining(", "));
        return name + " seeds are in different regimes (" + topClass(seeds.get(0)).name() + " TTFT p99: " + values + ")";
    }

    private static ClassSummary topClass(RunData d) {
        ClassSummary top = null;
        for (ClassSummary c : d.result().classes().values()) {
            if (top == null || c.priority() > top.priority()) {
                top = c;
            }
        }
        return top;
    }

    private static String seconds(double ms) {
        return Double.isNaN(ms) ? "-" : ms >= 10_000 ? String.format(Locale.ROOT, "%.0f s", ms / 1000)
                : String.format(Locale.ROOT, "%.1f s", ms / 1000);
    }
}
