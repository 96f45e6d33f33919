package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.store.journal.RunSummary;
import io.nous.store.journal.UpstreamComparison;
import org.junit.jupiter.api.Test;

/** The end of a run: a winner that does not beat what the router ships is not recommended, and the upstream policy is. */
class SummariesTest {
    private static final RunSummary.Result SEARCH = new RunSummary.Result(-0.5, -0.6, -0.4, "better", null);

    private static RunSummary.Best best(RunSummary.Result test, UpstreamComparison up) {
        return new RunSummary.Best("c0053", "candidates/c0053.java", "critical-ttft", SEARCH, test, up);
    }

    private static UpstreamComparison vsUpstream(String verdict, double change) {
        return new UpstreamComparison(null, "soft-reflective-ceiling", "test", false, change, change - 0.07, change + 0.07, verdict, null);
    }

    @Test
    void aWinnerNoBetterThanTheRoutersPolicyRecommendsThatPolicyAndOffersNoPullRequest() {
        RunSummary.Best b = best(new RunSummary.Result(-0.235, -0.29, -0.17, "better", true), vsUpstream("no-difference", -0.021));
        assertThat(Summaries.beatsUpstream(b)).isFalse();
        assertThat(Summaries.recommendation(b, "flow-control")).isEqualTo("recommendation: keep the router's soft-reflective-ceiling: c0053 is "
                + "not better than it with confidence on the test split (-2.1% [-9.1%, +4.9%] no-difference)");
        assertThat(Summaries.exportHint("r1", "", b)).contains("no pull request").contains("--force").contains("Not for merging");
    }

    @Test
    void aWinnerThatBeatsItOnTestUnderItsPromotionRuleIsTheRecommendation() {
        RunSummary.Best b = best(new RunSummary.Result(-0.3, -0.4, -0.2, "better", true), vsUpstream("better", -0.16));
        assertThat(Summaries.beatsUpstream(b)).isTrue();
        assertThat(Summaries.recommendation(b, "flow-control")).isNull();
        assertThat(Summaries.exportHint("r1", "", b)).isEqualTo("        nous export r1 --out nous-c0053");
    }

    @Test
    void betterThanUpstreamButNotHeldUnderThePromotionRuleIsNotEnough() {
        RunSummary.Best b = best(new RunSummary.Result(-0.3, -0.4, -0.2, "better", false), vsUpstream("better", -0.16));
        assertThat(Summaries.beatsUpstream(b)).isFalse();
        assertThat(Summaries.recommendation(b, "flow-control")).contains("keep the router's soft-reflective-ceiling")
                .contains("did not hold on the untouched test split");
    }

    @Test
    void noWinnerAtAllRecommendsTheUpstreamPolicyOfTheClass() {
        assertThat(Summaries.recommendation((RunSummary.Best) null, "admission")).isEqualTo(
                "recommendation: keep the router's probabilistic-admitter (nothing this run found beat it)");
    }

    private static UpstreamComparison against(String policy, String verdict, double change, java.util.List<String> worseUnder, String failed) {
        return new UpstreamComparison(null, policy, "test", false, change, change - 0.05, change + 0.05, verdict, null, null, worseUnder, failed,
                null);
    }

    private static RunSummary.Best bestOf(UpstreamComparison strongest, UpstreamComparison... all) {
        return new RunSummary.Best("c0053", "candidates/c0053.java", "critical-ttft", SEARCH, new RunSummary.Result(-0.3, -0.4, -0.2, "better",
                true), strongest, java.util.List.of(all));
    }

    @Test
    void aWinnerMustBeatEveryUpstreamPolicyAndTheStrongestIsWhatToKeepOtherwise() {
        UpstreamComparison soft = against("soft-reflective-ceiling", "better", -0.12, null, null);
        UpstreamComparison holdback = against("priority-holdback:minCeiling=0.4,maxCeiling=0.9", "better", -0.3, null, null);
        assertThat(Summaries.beatsUpstream(bestOf(soft, soft, holdback))).isTrue();

        // better pooled, but worse under one variant: not beaten, and that is the reason given
        UpstreamComparison softWorseSomewhere = against("soft-reflective-ceiling", "better", -0.12, java.util.List.of("decode-slow"), null);
        RunSummary.Best b = bestOf(softWorseSomewhere, softWorseSomewhere, holdback);
        assertThat(Summaries.beatsUpstream(b)).isFalse();
        assertThat(Summaries.recommendation(b, "flow-control")).isEqualTo("recommendation: keep the router's soft-reflective-ceiling: c0053 is "
                + "worse than it under decode-slow on the test split");

        // the strongest is beaten, another is not: keep the strongest, say which one was not beaten
        UpstreamComparison holdbackEqual = against("priority-holdback:minCeiling=0.4,maxCeiling=0.9", "no-difference", -0.01, null, null);
        UpstreamComparison softFailed = against("soft-reflective-ceiling", "better", 0.02, null, "no-added-drops: more drops");
        b = bestOf(softFailed, softFailed, holdbackEqual);
        assertThat(Summaries.recommendation(b, "flow-control")).startsWith("recommendation: keep the router's soft-reflective-ceiling: c0053 breaks"
                + " a constraint against it");
        assertThat(Summaries.exportHint("r1", "", b)).contains("no pull request");
    }

    @Test
    void theStrongestUpstreamPolicyIsTheOneTheWinnerComparesWorstWith() {
        UpstreamComparison a = against("a", "better", -0.30, null, null);
        UpstreamComparison b = against("b", "no-difference", -0.02, null, null);
        UpstreamComparison itself = UpstreamComparison.same(null, "c", "test");
        assertThat(UpstreamComparison.strongest(java.util.List.of(a, b), true)).isSameAs(b);
        assertThat(UpstreamComparison.strongest(java.util.List.of(a, itself), true)).isSameAs(itself);
        assertThat(UpstreamComparison.strongest(java.util.List.of(a, b), false)).isSameAs(a);
    }

    @Test
    void withNoWinnerTheRunKeepsTheUpstreamPolicyTheBaselineDoesWorstAgainst() {
        UpstreamComparison active = new UpstreamComparison("lab-defaults", "active-request", "test", false, -0.10, -0.2, -0.02, "better",
                null);
        UpstreamComparison tokenLoad = UpstreamComparison.same("lab-defaults", "token-load", "test");
        UpstreamComparison lmetric = new UpstreamComparison("lab-defaults", "lmetric", "test", false, 0.20, 0.1, 0.3, "worse", null);
        RunSummary s = new RunSummary("r", "routing-ttft", "evolve", 10, 5, 0, 0, null, java.util.List.of(), null, null)
                .withBar(java.util.List.of(active, tokenLoad, lmetric));
        // the baseline is 20 % worse than LMetric's TTFT p90, 10 % better than active-request's: LMetric is the one to keep
        assertThat(Summaries.recommendation(s, "routing")).isEqualTo("recommendation: keep the router's lmetric (nothing this run found beat "
                + "it; of the 3 policies the router ships, the baseline does worst against it on the test split, +20.0% [+10.0%, +30.0%] worse)");
        // the baseline is the strongest policy the router ships: the run says by how much it beats the other
        UpstreamComparison strict = UpstreamComparison.same("global-strict", "global-strict", "test");
        UpstreamComparison robin = new UpstreamComparison("global-strict", "round-robin", "test", false, -0.081, -0.111, -0.043, "better",
                null);
        RunSummary fair = new RunSummary("r", "tenant-ttft-worst", "evolve", 10, 5, 0, 0, null, java.util.List.of(), null, null)
                .withBar(java.util.List.of(strict, robin));
        assertThat(Summaries.recommendation(fair, "fairness")).isEqualTo("recommendation: keep the router's global-strict (nothing this "
                + "run found beat it; it is the strongest of the 2 policies the router ships on the test split: against round-robin "
                + "-8.1% [-11.1%, -4.3%] better)");
        RunSummary none = new RunSummary("r", "routing-ttft", "evolve", 10, 5, 0, 0, null, java.util.List.of(), null, null);
        assertThat(Summaries.recommendation(none, "routing")).isEqualTo("recommendation: keep the router's active-request (nothing this run "
                + "found beat it)");
    }
}
