package io.nous.report;

import io.nous.evaluator.EvaluationReport;
import io.nous.evaluator.ScenarioReport;
import io.nous.evaluator.Score;
import io.nous.evaluator.VariantReport;
import io.nous.evaluator.objective.ConstraintResult;
import io.nous.evaluator.objective.Objective;
import io.nous.evaluator.objective.Objectives;
import io.nous.evaluator.objective.StandardMetrics;
import io.nous.evaluator.stats.Comparison;
import java.util.Locale;

/** Renders an evaluation as a table per scenario, the score, constraints and sanity. */
public final class EvaluationTable {
    private EvaluationTable() {
    }

    public static String render(EvaluationReport r) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%s vs %s on matrix %s (%s), objective %s, %d seeds, %.0f%% intervals%n%n",
                r.candidate(), r.baseline(), r.matrix(), r.split(), r.objective(), r.seeds(), 100 * r.confidence()));
        if (r.failure() != null) {
            sb.append("FAILED: ").append(r.failure()).append(System.lineSeparator());
            return sb.toString();
        }
        boolean manyVariants = r.variantsInMatrix() > 1;
        Objective objective = Objectives.all().get(r.objective());
        String column = objective == null ? null : objective.scenarioColumn();
        String previous = null;
        for (ScenarioReport s : r.scenarios()) {
            if (previous == null || !previous.equals(s.variant())) {
                if (manyVariants) {
                    VariantReport v = r.variants().stream().filter(x -> x.variant().equals(s.variant())).findFirst().orElse(null);
                    sb.append(String.format(Locale.ROOT, "%svariant %s%s%n", previous == null ? "" : System.lineSeparator(), s.variant(),
                            v == null || v.description().isEmpty() ? "" : " (" + v.description() + ")"));
                }
                String quantile = column == null ? "p99" : column.substring(column.lastIndexOf(' ') + 1);
                sb.append(String.format(Locale.ROOT, "%-28s %-10s %-6s %10s %10s %8s %-19s %-13s %9s%n", "scenario", "split", "regime",
                        "base " + quantile, "cand " + quantile, "change", "interval", "verdict", "drops b/c"));
                sb.append(String.format(Locale.ROOT, "%-28s %-10s %-6s %s%n", "", "", "",
                        column == null ? "(critical TTFT)" : "(" + column.substring(0, column.lastIndexOf(' ') + 1).strip() + ", every request)"));
                previous = s.variant();
            }
            Comparison c = column == null ? s.metrics().get(StandardMetrics.CRITICAL_TTFT_P99) : s.objective();
            sb.append(String.format(Locale.ROOT, "%-28s %-10s %-6s %10s %10s %8s %-19s %-13s %9s%n", s.entry().label(),
                    s.entry().split().id(), s.entry().regime().id(), ms(c.baseline()), ms(c.candidate()), pct(c.change()),
                    "[" + pct(c.ciLow()) + ", " + pct(c.ciHigh()) + "]", c.verdict().id(),
                    s.baselineDropped() + "/" + s.candidateDropped()));
            if (s.seedRegimes() != null) {
                sb.append(String.format(Locale.ROOT, "%-28s ! %s: the pooled change mixes them%n", "", s.seedRegimes()));
            }
        }
        if (r.score() != null) {
            boolean relative = r.scenarios().isEmpty() || r.scenarios().get(0).objective().baseline() != 0
                    || !r.objective().equals("ms-saved-per-shed");
            java.util.function.DoubleFunction<String> f = relative ? EvaluationTable::pct
                    : v -> Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f", v);
            if (!relative) {
                sb.append(String.format(Locale.ROOT, "%n%s per scenario:%n", r.objective()));
                for (ScenarioReport s : r.scenarios()) {
                    Comparison o = s.objective();
                    sb.append(String.format(Locale.ROOT, "  %-28s %10s [%s, %s] %s%n", s.label(), f.apply(o.change()),
                            f.apply(o.ciLow()), f.apply(o.ciHigh()), Double.isNaN(o.change()) ? "undefined (no extra shedding)" : o.verdict().id()));
                }
            }
            sb.append(String.format(Locale.ROOT, "%nscore       %s over %d scenario(s)%s: %s [%s, %s] %s%n", r.score().objective(),
                    r.score().scenarios(), manyVariants ? " x variants" : "", f.apply(r.score().change()), f.apply(r.score().ciLow()),
                    f.apply(r.score().ciHigh()), r.score().verdict().id()));
            if (manyVariants) {
                for (VariantReport v : r.variants()) {
                    Score vs = v.score();
                    sb.append(String.format(Locale.ROOT, "  variant   %-20s %s [%s, %s] %-13s constraints %s%n", v.variant(),
                            f.apply(vs.change()), f.apply(vs.ciLow()), f.apply(vs.ciHigh()), vs.verdict().id(),
                            v.constraintsHold() ? "hold" : "FAIL"));
                }
                if (r.variants().size() < r.variantsInMatrix()) {
                    sb.append(String.format(Locale.ROOT, "  (%d of %d variants simulated)%n", r.variants().size(), r.variantsInMatrix()));
                }
                String rule = r.promotion().everyScenario()
                        ? "better under at least 1 variant, worse under none and in no contended scenario"
                        : "better under " + (r.promotion().quorum() == 0 ? "all" : "at least " + r.promotion().quorum()) + " variants, worse under none";
                sb.append(String.format(Locale.ROOT, "  rule      %s: %s%n", rule, r.verdictHolds() ? "met" : "not met"));
            }
        }
        for (ConstraintResult c : r.constraints()) {
            sb.append(String.format(Locale.ROOT, "constraint  %-24s %s  %s%n", c.name(), c.pass() ? "pass" : "FAIL", c.detail()));
        }
        sb.append(r.sanity().isEmpty() ? "sanity      ok\n" : "sanity      " + String.join("; ", r.sanity()) + "\n");
        if (r.racedOut() != null) {
            sb.append("raced out   ").append(r.racedOut()).append(System.lineSeparator());
        }
        sb.append(String.format(Locale.ROOT, "promotable  %s%n", r.promotable() ? "yes" : "no"));
        sb.append(String.format(Locale.ROOT, "%n%d simulations in %.1f s%n", r.simulations(), r.wallSeconds()));
        return sb.toString();
    }

    static String ms(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        return v >= 10_000 ? String.format(Locale.ROOT, "%.1fs", v / 1000) : String.format(Locale.ROOT, "%.0fms", v);
    }

    static String pct(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%+.1f%%", 100 * v);
    }
}
