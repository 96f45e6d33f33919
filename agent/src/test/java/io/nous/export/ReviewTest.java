package io.nous.export;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.codegen.Candidates;
import io.nous.discover.Problems;
import io.nous.policy.PolicyRegistry;
import io.nous.sim.spi.PlugPoint;
import io.nous.store.CandidateStory;
import io.nous.store.PlainJson;
import io.nous.store.journal.CandidateRecord;
import io.nous.store.journal.Evidence;
import io.nous.store.journal.Hypothesis;
import io.nous.store.journal.UpstreamComparison;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The PR description says everything that got worse, and warns when the winner did not hold. */
class ReviewTest {
    private static Evidence evaluation(String split, String verdict, double change, double low, double high, String scenarios)
            throws Exception {
        return read(Evidence.class, """
                {"candidate":"c0007","split":"%s",
                 "score":{"objective":"critical-ttft","change":%s,"ci_low":%s,"ci_high":%s,"verdict":"%s"},
                 "constraints":{"no-harm-under-capacity":true,"no-starvation":true,"no-added-drops":true},
                 "scenarios":[%s]}
                """.formatted(split, change, low, high, verdict, scenarios));
    }

    private static <T> T read(Class<T> type, String json) throws Exception {
        return PlainJson.tolerant().readValue(json, type);
    }

    private static String review(Evidence search, Evidence test, UpstreamComparison upstream) {
        CandidateStory story = new CandidateStory(new CandidateRecord("c0007", 3, "insert-gate", List.of("c0002"), "hash",
                "candidates/c0007.java", null), new Hypothesis(3, 0, "Closing the sheddable band near saturation protects critical TTFT",
                "shorter pod queues for critical requests", List.of(), List.of("c0002"), "insert-gate", "", List.of()),
                search, null, null, List.of(), List.of(), test, upstream);
        String source = PolicyRegistry.builtin().template("soft-reflective-ceiling").source();
        PolicyPart part = new PolicyPart(PlugPoint.USAGE_LIMIT, source, Candidates.compileOnly(source, "c0007.java"));
        return Review.markdown(new Review.Input("r1", "my runs", story, source, "c0002", source, "critical-ttft",
                Problems.byId(Problems.FLOW_CONTROL), List.of(part), "evolve", null, null, " --matrix default --seeds 2 --duration 120"));
    }

    @Test
    void everyMetricThatGotWorseIsListedCriticalAndSheddableAlike() throws Exception {
        Evidence search = evaluation("search", "better", -0.2, -0.3, -0.1, """
                {"scenario":"code-generation@16","regime":"near","change":-0.3,"ci_low":-0.4,"ci_high":-0.2,"verdict":"better",
                 "worse":[{"metric":"critical_e2e_p99","change":0.59,"ci_low":0.27,"ci_high":0.97},
                          {"metric":"sheddable_ttft_p99","change":0.12,"ci_low":0.02,"ci_high":0.25}]},
                {"scenario":"reasoning@0.7","variant":"decode-slow","regime":"near","change":0.08,"ci_low":0.01,"ci_high":0.15,
                 "verdict":"worse","worse":[{"metric":"critical_ttft_p99","change":0.08,"ci_low":0.01,"ci_high":0.15}]}
                """);
        String md = review(search, null, null);
        assertThat(md).contains("- **search: code-generation@16 (near) critical E2E p99 +59.0% [+27.0%, +97.0%]**")
                .contains("- **search: code-generation@16 (near) sheddable TTFT p99 +12.0% [+2.0%, +25.0%]**")
                .contains("| reasoning@0.7 [decode-slow] | near | +8.0% | [+1.0%, +15.0%] | **worse** |");
        // the objective's regression and the same metric's are one line, not two
        assertThat(md.split("reasoning@0.7 \\[decode-slow\\] \\(near\\) critical TTFT p99", -1)).hasSize(2);
        assertThat(md).doesNotContain("NaN");
    }

    @Test
    void aWinnerThatDidNotHoldOnTheTestSplitIsFlaggedAtTheTopAndInRisks() throws Exception {
        Evidence search = evaluation("search", "better", -0.2, -0.3, -0.1, "");
        Evidence test = evaluation("test", "no-difference", 0.084, -0.02, 0.19, "");
        String md = review(search, test, null);
        assertThat(md.indexOf("> **Warning:** this policy did not hold on the untouched test split (+8.4% [-2.0%, +19.0%], no-difference)"))
                .isPositive().isLessThan(md.indexOf("## What and why"));
        assertThat(md).contains("**It did not hold on the untouched test split** (+8.4%, no-difference)");
        String held = review(search, evaluation("test", "better", -0.1, -0.2, -0.05, ""), null);
        assertThat(held).doesNotContain("Warning").doesNotContain("did not hold");
    }

    @Test
    void theComparisonWithTheUpstreamPolicyIsReportedAndTheUpstreamPolicyItselfIsCalledOut() throws Exception {
        Evidence search = evaluation("search", "better", -0.2, -0.3, -0.1, "");
        UpstreamComparison up = read(UpstreamComparison.class, """
                {"candidate":"c0007","policy":"soft-reflective-ceiling","split":"test","same_policy":false,
                 "change":-0.05,"ci_low":-0.09,"ci_high":-0.01,"verdict":"better",
                 "scenarios":[{"scenario":"code-generation@16","upstream":1834.5,"candidate":1742.8,"change":-0.05},
                              {"scenario":"interactive-chat@20","upstream":0.4237,"candidate":0.4237,"change":0.0}]}""");
        // each arm's value per scenario says what it measures, and a small one keeps its digits
        assertThat(review(search, null, up)).contains("### Against the upstream policy")
                .contains("versus `soft-reflective-ceiling` (what the router ships) on the test split: **-5.0%** [-9.0%, -1.0%], better.")
                .contains("Each arm's critical TTFT p99 (ms) per scenario")
                .contains("| code-generation@16 | 1,835 | 1,743 | -5.0% |").contains("| interactive-chat@20 | 0.424 | 0.424 |");
        UpstreamComparison same = read(UpstreamComparison.class, """
                {"candidate":"c0007","policy":"soft-reflective-ceiling","split":"test","same_policy":true}""");
        assertThat(review(search, null, same)).contains("> **Note:** this candidate is the upstream `soft-reflective-ceiling` policy itself");
    }

    @Test
    void reproduceCommandsKeepTheRunsDirectoryQuoted() throws Exception {
        String md = review(evaluation("search", "better", -0.2, -0.3, -0.1, ""), null, null);
        assertThat(md).contains("nous replay r1 --runs-dir 'my runs'")
                .contains("nous evaluate --policy 'my runs/r1/candidates/c0007.java' --objective critical-ttft --matrix default --seeds 2"
                        + " --duration 120")
                .contains("nous export r1 c0007 --runs-dir 'my runs' --out /tmp/nous-c0007");
    }
}
