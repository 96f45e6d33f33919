package io.nous.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.codegen.Candidates;
import io.nous.discover.Problems;
import io.nous.evaluator.EvaluationReport;
import io.nous.evaluator.ScenarioReport;
import io.nous.evaluator.Score;
import io.nous.evaluator.objective.ConstraintResult;
import io.nous.evaluator.objective.StandardMetrics;
import io.nous.evaluator.scenario.MatrixEntry;
import io.nous.evaluator.scenario.Regime;
import io.nous.evaluator.scenario.Split;
import io.nous.evaluator.stats.Comparison;
import io.nous.evaluator.stats.Verdict;
import io.nous.export.PolicyPart;
import io.nous.policy.PolicyRegistry;
import io.nous.sim.spi.PlugPoint;
import io.nous.store.Journal;
import io.nous.store.Run;
import io.nous.store.RunHistory;
import io.nous.store.RunStore;
import io.nous.store.journal.CandidateRecord;
import io.nous.store.journal.DiscoveryConfig;
import io.nous.store.journal.Evidence;
import io.nous.store.journal.Hypothesis;
import io.nous.store.journal.RunStopped;
import io.nous.store.journal.RunSummary;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The HTML report marks broken constraints, draws intervals, and never shows missing data as zero. */
class RunReportTest {
    private static Comparison cmp(String metric, double change, double low, double high) {
        return new Comparison(metric, 100, 100 * (1 + change), change, low, high, Double.NaN, Verdict.of(low, high, true));
    }

    private static String page() throws Exception {
        Map<String, Comparison> metrics = new LinkedHashMap<>();
        metrics.put(StandardMetrics.CRITICAL_TTFT_P99, cmp(StandardMetrics.CRITICAL_TTFT_P99, -0.3, -0.4, -0.2));
        metrics.put(StandardMetrics.CRITICAL_E2E_P99, cmp(StandardMetrics.CRITICAL_E2E_P99, 0.0, -0.05, 0.05));
        // no sheddable request completed in either arm: the change is undefined, not zero
        metrics.put(StandardMetrics.SHEDDABLE_TTFT_P99, new Comparison(StandardMetrics.SHEDDABLE_TTFT_P99, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, Double.NaN, Double.NaN, Verdict.NO_DIFFERENCE));
        metrics.put(StandardMetrics.SHEDDABLE_E2E_P99, cmp(StandardMetrics.SHEDDABLE_E2E_P99, 0.25, 0.1, 0.4));
        metrics.put(StandardMetrics.OUTPUT_TOKENS_PER_S, cmp(StandardMetrics.OUTPUT_TOKENS_PER_S, 0.0, 0.0, 0.0));
        MatrixEntry entry = new MatrixEntry("code-generation", 16, null, null, Split.SEARCH, Regime.NEAR);
        ScenarioReport sc = new ScenarioReport(entry, "nominal", metrics, cmp("critical-ttft", -0.3, -0.4, -0.2), 1000, 0, 0, 0.5, 0.4);
        Score score = new Score("critical-ttft", -0.3, -0.4, -0.2, Verdict.BETTER, 1);
        EvaluationReport e = new EvaluationReport("c0003", "static-usage-limit", "critical-ttft", "default", "search", 2, 0.95, List.of(sc),
                score, List.of(new ConstraintResult("no-starvation", false, "sheddable completed share fell 30 points")), List.of(), null,
                4, 0);
        // a run directory as the loop writes one: config, a candidate with its hypothesis and evaluation, a summary
        RunStore store = new RunStore(Files.createTempDirectory("nous-report"));
        Run run = store.create("r1", DiscoveryConfig.builder().matrix("default").build().toJson());
        Map<String, Object> constraints = new LinkedHashMap<>();
        constraints.put("no-starvation", false);
        constraints.put("no-added-drops", true);
        try (Journal j = run.openJournal()) {
            j.append(new Hypothesis(2, 0, "Close it all", "nothing gets through", List.of(), List.of("c0001"), "insert-gate", "", List.of()));
            j.append(new CandidateRecord("c0003", 2, "insert-gate", List.of("c0001"), "h", "candidates/c0003.java", null));
            j.append(new Evidence("c0003", "search", null, new Evidence.ScoreEvidence("critical-ttft", -0.9, -0.95, -0.85, "better"),
                    constraints, List.of(), 1, "all", null, false, List.of(), List.of(), null, null));
        }
        run.writeSummary(new RunSummary("r1", "critical-ttft", "evolve", 3, 1, 0, 0,
                new RunStopped("time-limit", "the 60 s time limit passed after 3 of 150 proposals", null, 3), List.of(),
                new RunSummary.Best("c0003", "candidates/c0003.java", "critical-ttft", new RunSummary.Result(-0.3, -0.4, -0.2, "better", null),
                        new RunSummary.Result(0.084, -0.02, 0.19, "no-difference", false), null), null));
        String source = PolicyRegistry.builtin().source("soft-reflective-ceiling");
        PolicyPart part = new PolicyPart(PlugPoint.USAGE_LIMIT, source, Candidates.compileOnly(source, "c0003.java"));
        return RunReport.html(new RunReport.Input(RunHistory.read(run), "c0003", List.of(e), Problems.byId(Problems.FLOW_CONTROL),
                List.of(part), null));
    }

    @Test
    void aCandidateThatBrokeAConstraintIsMarkedFailedNotPaintedAsASuccess() throws Exception {
        String html = page();
        assertThat(html).contains("<td class=\"failed\">better</td><td class=\"failed\">FAILED no-starvation</td>")
                .doesNotContain("<td class=\"better\">better</td><td class=\"\">")
                .contains("<td class=\"failed\">FAILED</td><td>sheddable completed share fell 30 points</td>")
                .contains("failed a constraint"); // the progress chart's legend
    }

    @Test
    void missingDataIsNotZeroAndIntervalsAreShown() throws Exception {
        String html = page();
        assertThat(html).contains("<td class=\"n na\">n/a</td>")
                .contains("<td class=\"n no-difference\">+0.0% [-5.0%, +5.0%]</td>")
                .contains("<td class=\"n worse\">+25.0% [+10.0%, +40.0%]</td>")
                .contains("<td class=\"n better\">-30.0% [-40.0%, -20.0%]</td>");
        // the undefined sheddable change is labelled on its chart
        String sheddable = html.substring(html.indexOf("Sheddable TTFT p99: change"), html.indexOf("Throughput (output tokens/s)"));
        assertThat(sheddable).contains(">n/a<");
        assertThat(html).doesNotContain("NaN");
    }

    @Test
    void theHeadlineSaysWhetherTheWinnerHeldAndWhyTheRunStopped() throws Exception {
        String html = page();
        assertThat(html).contains("Untouched test split: <span class=\"no-difference\">+8.4% [-2.0%, +19.0%] no-difference</span>"
                + " &mdash; did NOT hold").contains("Stopped: the 60 s time limit passed after 3 of 150 proposals.");
    }
}
