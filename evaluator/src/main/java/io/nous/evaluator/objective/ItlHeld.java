package io.nous.evaluator.objective;

import io.nous.evaluator.run.PairedScenario;
import io.nous.evaluator.run.RunData;
import io.nous.evaluator.stats.Comparison;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.sim.metrics.ClassSummary;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code itl-held}: everywhere, the critical requests' inter-token latency p99, averaged over a
 * scenario's seeds, is at most 10 % (and 1 ms) above the baseline's. A P/D decider that prefills
 * more prompts on decode pods buys their TTFT with their decodes' smoothness, which is what
 * disaggregation is for; this keeps a search from spending it without saying so.
 */
final class ItlHeld implements Constraint {
    static final double MAX_RATIO = 1.10;
    static final double SLACK_MS = 1.0;
    static final ItlHeld INSTANCE = new ItlHeld();

    private ItlHeld() {
    }

    @Override
    public String name() {
        return "itl-held";
    }

    /** The critical class's ITL p99 averaged over the runs (NaN when none recorded one). */
    static double meanItlP99(List<RunData> runs) {
        double sum = 0;
        int n = 0;
        for (RunData r : runs) {
            ClassSummary c = r.result().classes().get("critical");
            if (c != null && c.itl().count() > 0) {
                sum += c.itl().p99Ms();
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    @Override
    public ConstraintResult check(List<PairedScenario> scenarios, Map<String, Map<String, Comparison>> comparisons, PairedBootstrap stats) {
        for (PairedScenario p : scenarios) {
            double b = meanItlP99(p.baseline());
            double c = meanItlP99(p.candidate());
            if (!Double.isNaN(b) && !Double.isNaN(c) && c > b * MAX_RATIO + SLACK_MS) {
                return new ConstraintResult(name(), false, String.format(Locale.ROOT,
                        "%s: critical ITL p99 %.1f ms vs %.1f ms for the baseline (at most %.0f%% and %.0f ms more)",
                        p.entry().label(), c, b, 100 * (MAX_RATIO - 1), SLACK_MS));
            }
        }
        return new ConstraintResult(name(), true, "critical ITL p99 held on " + scenarios.size() + " scenario(s)");
    }
}
