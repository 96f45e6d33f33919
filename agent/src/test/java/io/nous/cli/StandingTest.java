package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.export.Change;
import io.nous.store.journal.UpstreamComparison;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nothing that leaves Nous reads as more than its evidence: export, review and report of a candidate
 * that was not promoted, or of one worse than the router's own policy, open with its standing, and
 * export refuses it without --force (exit 7), writing nothing.
 */
class StandingTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static final String SHED_AT_90 = """
            import io.nous.sim.spi.UsageLimitPolicy;

            public final class ShedAtNinety implements UsageLimitPolicy {
                @Override
                public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
                    for (int i = 0; i < ceilings.length; i++) {
                        ceilings[i] = i > 0 && saturation > 0.9 ? 0.35 : 1.0;
                    }
                }
            }
            """;

    @Test
    void aCandidateThatWasNeverPromotedIsNotExportedWithoutForceAndSaysWhy() throws Exception {
        Path runs = CheckedInRuns.copy(dir);
        String run = CheckedInRuns.RUN;
        Path out = dir.resolve("c0003");
        CliHarness refused = CliHarness.run("export", run, "c0003", "--runs-dir", runs.toString(), "--out", out.toString());
        assertThat(refused.exit()).as(refused.out() + refused.err()).isEqualTo(7);
        assertThat(refused.out().lines().findFirst().orElse("")).isEqualTo("standing: c0003 was not promoted: it was never tried for "
                + "promotion: on the search split it was +10.5% worse (worse under variant nominal)");
        assertThat(refused.out()).contains("standing: not evaluated on the untouched test split")
                .contains("not compared with the router's soft-reflective-ceiling (only a run's winner is)");
        assertThat(refused.err().strip()).startsWith("nous: not exported: c0003 was not promoted (").contains("--force exports it anyway")
                .doesNotContain("\n");
        assertThat(out).doesNotExist();

        CliHarness review = CliHarness.run("review", run, "c0003", "--runs-dir", runs.toString(), "--journal-only");
        assertThat(review.exit()).as(review.err()).isZero();
        String md = review.out();
        assertThat(md.lines().findFirst().orElse("")).isEqualTo("# Review of `c0003`, a usage-limit policy Nous evaluated (not promoted): "
                + "not for merging");
        assertThat(md.indexOf("## Standing")).isPositive().isLessThan(md.indexOf("## What and why"));
        assertThat(md).contains("> **Not for merging:** c0003 was not promoted").contains("derived from `c0001`")
                .doesNotContain("improving on").contains("The export needs `--force`").contains("--force --out /tmp/nous-c0003");

        Path html = dir.resolve("r.html");
        CliHarness report = CliHarness.run("report", run, "c0003", "--runs-dir", runs.toString(), "--out", html.toString(), "--threads", "2");
        assertThat(report.exit()).as(report.err()).isZero();
        String page = Files.readString(html);
        assertThat(page.indexOf("<section id=\"standing\">")).isPositive().isLessThan(page.indexOf("<svg"));
        assertThat(page).contains("Not for merging: c0003 was not promoted");

        CliHarness forced = CliHarness.run("export", run, "c0003", "--runs-dir", runs.toString(), "--out", out.toString(), "--force");
        assertThat(forced.exit()).as(forced.out() + forced.err()).isZero();
        assertThat(forced.out()).contains("exporting anyway (--force): c0003 was not promoted");
    }

    /** A run whose winner c0001 held on test ({@code score}), and met the router's policies as {@code comparisons} say. */
    private static void winnerRun(Path runs, String id, ObjectNode score, ObjectNode... comparisons) throws Exception {
        var run = new io.nous.store.RunStore(runs).create(id, JSON.createObjectNode().put("proposer", "evolve")
                .put("objective", "critical-ttft"));
        try (var j = run.openJournal()) {
            HandMadeRuns.candidate(run, j, "c0001", SHED_AT_90);
            j.append("promotion", JSON.createObjectNode().put("candidate", "c0001").put("accepted", true));
            j.append("test-evaluation", JSON.createObjectNode().put("candidate", "c0001").put("split", "test").set("score", score));
            for (ObjectNode c : comparisons) {
                j.append("upstream-comparison", c.put("candidate", "c0001").put("split", "test").put("same_policy", false));
            }
        }
        Files.writeString(run.summaryFile(), "{\"run_id\":\"" + id + "\",\"best\":{\"candidate_id\":\"c0001\","
                + "\"search\":{\"change\":-0.4,\"ci_low\":-0.5,\"ci_high\":-0.3,\"verdict\":\"better\"}}}\n");
    }

    /** A measured change with its interval and verdict, against {@code policy} (null: a split's own score). */
    private static ObjectNode against(String policy, double change, double low, double high, String verdict) {
        ObjectNode n = JSON.createObjectNode();
        if (policy != null) {
            n.put("policy", policy);
        }
        return n.put("change", change).put("ci_low", low).put("ci_high", high).put("verdict", verdict);
    }

    @Test
    void aWinnerWorseThanTheRoutersPolicyCarriesItAtTheTopAndNeedsForce() throws Exception {
        Path runs = dir.resolve("runs");
        winnerRun(runs, "worse", against(null, -0.12, -0.2, -0.05, "better"), against("soft-reflective-ceiling", 49.38, 30.1, 70.2, "worse"));
        Path out = dir.resolve("w");
        CliHarness refused = CliHarness.run("export", "worse", "--runs-dir", runs.toString(), "--out", out.toString());
        assertThat(refused.exit()).as(refused.out() + refused.err()).isEqualTo(7);
        assertThat(refused.out()).startsWith("standing: c0001 was promoted and is the run's winner")
                .contains("standing: on the untouched test split: -12.0% [-20.0%, -5.0%] better (held)")
                .contains("standing: vs the router's soft-reflective-ceiling on the test split: +4938.0%")
                // a ratio of fifty is not printed bare
                .contains("beyond ±500 %");
        assertThat(refused.err()).contains("not exported: c0001 is worse than the router's soft-reflective-ceiling");
        assertThat(out).doesNotExist();

        CliHarness review = CliHarness.run("review", "worse", "--runs-dir", runs.toString(), "--journal-only");
        assertThat(review.exit()).as(review.err()).isZero();
        assertThat(review.out().lines().findFirst().orElse(""))
                .isEqualTo("# Review of `c0001`, a usage-limit policy Nous evaluated (worse than soft-reflective-ceiling): not for merging");
        assertThat(review.out().indexOf("worse than what the router ships")).isLessThan(review.out().indexOf("## What and why"));
    }

    @Test
    void aWinnerThatBeatsOneShippedPolicyButBreaksAConstraintAgainstTheOtherNeedsForce() throws Exception {
        // seed 1 of the P/D class: better than the router's default decider, more drops than its always-disagg
        Path runs = dir.resolve("runs");
        winnerRun(runs, "two", against(null, -0.04, -0.05, -0.02, "better"), against("soft-reflective-ceiling", -0.04, -0.05, -0.02, "better"),
                against("static-usage-limit", -0.06, -0.08, -0.04, "better").put("failed_constraint", "no-added-drops: chat@95: 2788 more dropped"));
        Path out = dir.resolve("t");
        CliHarness refused = CliHarness.run("export", "two", "--runs-dir", runs.toString(), "--out", out.toString());
        assertThat(refused.exit()).as(refused.out() + refused.err()).isEqualTo(7);
        assertThat(refused.out()).contains("standing: vs the router's soft-reflective-ceiling on the test split: -4.0%")
                .contains("standing: but breaks a constraint against the router's static-usage-limit on the test split "
                        + "(no-added-drops: chat@95: 2788 more dropped)");
        assertThat(refused.err()).contains("not exported: c0001 breaks a constraint against the router's static-usage-limit");
        assertThat(out).doesNotExist();
        CliHarness review = CliHarness.run("review", "two", "--runs-dir", runs.toString(), "--journal-only");
        assertThat(review.out().lines().findFirst().orElse("")).contains("(does not beat static-usage-limit): not for merging");
    }

    @Test
    void aChangeBeyondTheSanityBoundIsCheckedAgainstItsValues() throws Exception {
        // the joint run's +4,938 %: critical TTFT p99 of 2.2 s under the upstream pair and 206 s under a winner that admits as the
        // legacy rule does — a real gap; and one where the reference is near zero, where the ratio overstates
        String real = new Change(49.38, null, null, null, List.of(new UpstreamComparison.ScenarioValues("reasoning@0.2", 310.0, 320.0, 0.03),
                new UpstreamComparison.ScenarioValues("blindspot@4.6", 2190.3, 205843.0, 92.98))).sanity();
        assertThat(real).contains("checked: in blindspot@4.6 the objective is 2,190.3 under the reference and 205,843.0 under the candidate")
                .contains("the gap is real");
        String nearZero = new Change(12.0, null, null, null, List.of(new UpstreamComparison.ScenarioValues("chat@2", 0.004, 0.9, 224.0)))
                .sanity();
        assertThat(nearZero).contains("the reference is near zero there, so the ratio overstates the gap");
        assertThat(new Change(4.9, null, null, null, null).sanity()).isEmpty();
        assertThat(new Change(-6.0, null, null, null, null).sanity()).contains("-5.0x the reference");
    }
}
