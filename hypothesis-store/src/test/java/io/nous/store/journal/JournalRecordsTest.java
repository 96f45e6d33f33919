package io.nous.store.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nous.store.Journal;
import io.nous.store.JournalRecord;
import io.nous.store.StoreException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JournalRecordsTest {
    @TempDir
    Path dir;

    private static Evidence evidence() {
        Map<String, Object> constraints = new LinkedHashMap<>();
        constraints.put("no-harm-under-capacity", false);
        constraints.put("no-harm-under-capacity_detail", "balanced@18 under capacity: 14 more requests dropped than the baseline");
        constraints.put("shed-budget", true);
        return new Evidence("c0007", "search", null, new Evidence.ScoreEvidence("critical-ttft-shed", -0.31, -0.35, -0.28, "better"),
                constraints, List.of(new Evidence.VariantEvidence("nominal", -0.31, -0.35, -0.28, "better", false)), 1, "all", null, false,
                List.of(new Evidence.ScenarioEvidence("balanced@46", null, "over", -0.39, -0.42, -0.36, "better", 22904, 31133, null),
                        new Evidence.ScenarioEvidence("balanced@18", null, "under", Double.NaN, Double.NaN, Double.NaN, "no-difference", 0, 14,
                                List.of(new Evidence.Regression("sheddable_ttft_p99", 0.08, 0.01, 0.15)))),
                List.of(), 0.3, 0.0);
    }

    @Test
    void everyRecordReadsBackAsItWasWritten() {
        List<JournalEntry> entries = List.of(
                new Hypothesis(3, 1, "smoothing sheds in sustained overload", "an average separates spikes from overload",
                        List.of(new Prediction("near", "decrease", -0.2), new Prediction("under", "none", 0.0)), List.of("c0002"),
                        "smooth-saturation", "class X {}", List.of(new Arm("control", "changes nothing", "class Y {}"))),
                new ProposalFailure("proposal-failed", 4, 0, "the reply held no code"),
                new Rejection(5, List.of("candidate.java:3:1 [field] 'avg' is a second piece of state")),
                new Duplicate(6, "c0002", "ab12"),
                new CandidateRecord("c0007", 7, "perturb-constant", List.of("c0002"), "cd34", "candidates/c0007.java", "ef56"),
                new RacingAudit("c0007", "worse under variant nominal", 0.01, false, false),
                new PredictionVerdict("c0007", List.of(new PredictionVerdict.Outcome("near", "decrease", -0.2, -0.31, "confirmed"),
                        new PredictionVerdict.Outcome("over", "decrease", -0.2, null, "untested")), false),
                new Principle("Gating below saturation 0.5 harms under-capacity traffic (min-gate=0.5)", "c0007"),
                new Promotion("c0007", "legacy", null, evidence(), true, "better than the incumbent and confirmed on validation"),
                new IterationDone(7, null),
                new RunStopped("budget", "all 7 proposals of the budget were made", null, 7),
                new UpstreamComparison("c0007", "probabilistic-admitter", "test", false, 0.1, -0.1, 0.3, "no-difference", null),
                new RunFinished(7, 6, 1, 1, "c0007"));
        Path file = dir.resolve("journal.jsonl");
        try (Journal j = Journal.openForAppend(file)) {
            entries.forEach(j::append);
        }
        List<JournalRecord> read = Journal.read(file).records();
        assertThat(read).extracting(JournalRecord::type).containsExactly("hypothesis", "proposal-failed", "verification", "duplicate",
                "candidate", "racing-audit", "verdict", "principle", "promotion", "iteration-done", "run-stopped", "upstream-comparison",
                "run-finished");
        for (int i = 0; i < entries.size(); i++) {
            JournalEntry e = entries.get(i);
            Object back = read.get(i).as(e.getClass());
            if (e instanceof ProposalFailure f) {
                // the kind is the line's type, not part of the body
                assertThat(back).isEqualTo(new ProposalFailure(null, f.iteration(), f.attempt(), f.reason()));
            } else {
                assertThat(back).as(e.journalType()).isEqualTo(e);
            }
        }
    }

    @Test
    void optionalFieldsAreLeftOutAndNullsThatMeanSomethingAreKept() throws Exception {
        String hyp = Journal.body(new Hypothesis(1, 0, "s", "m", List.of(), List.of(), "op", "src", List.of())).toString();
        assertThat(hyp).doesNotContain("arms");
        assertThat(Journal.body(new IterationDone(2, null)).toString()).isEqualTo("{\"iteration\":2,\"incumbent\":null}");
        assertThat(Journal.body(UpstreamComparison.same("c0001", "soft-reflective-ceiling", "test")).toString())
                .isEqualTo("{\"candidate\":\"c0001\",\"policy\":\"soft-reflective-ceiling\",\"split\":\"test\",\"same_policy\":true}");
        // NaN stays a quoted NaN and reads back as NaN
        String ev = Journal.body(evidence()).toString();
        assertThat(ev).contains("\"change\":\"NaN\"").contains("\"onset\":0.3,\"duty_at_0_8\":0.0").doesNotContain("raced_out")
                .doesNotContain("failure");
        assertThat(evidence().failedConstraint()).isEqualTo("no-harm-under-capacity");
    }

    @Test
    void aRecordFromAnOlderVersionReadsAndABrokenOneIsNamed() throws Exception {
        Path file = dir.resolve("old.jsonl");
        Files.writeString(file, """
                {"seq":1,"type":"hypothesis","ts":"t","body":{"iteration":1,"statement":"s","mechanism":"m","predictions":[],"parents":[],"operator":"op","source":"x","later":"ignored"}}
                {"seq":2,"type":"promotion","ts":"t","body":{"candidate":"c0001","over":"static-usage-limit","accepted":"perhaps"}}
                """);
        List<JournalRecord> read = Journal.read(file).records();
        Hypothesis h = read.get(0).as(Hypothesis.class);
        assertThat(h.attempt()).isZero();
        assertThat(h.arms()).isNull();
        assertThatThrownBy(() -> read.get(1).as(Promotion.class)).isInstanceOf(StoreException.class)
                .hasMessageContaining("journal record 2 (promotion) is not a valid Promotion");
    }

    @Test
    void aSchemaNewerThanThisBuildIsRefusedWithItsVersion() {
        assertThat(JournalSchema.check(JournalSchema.UNVERSIONED, "run x")).isEqualTo(1);
        assertThat(JournalSchema.check(JournalSchema.CURRENT, "run x")).isEqualTo(JournalSchema.CURRENT);
        assertThatThrownBy(() -> JournalSchema.check(JournalSchema.CURRENT + 1, "run x")).isInstanceOf(StoreException.class)
                .hasMessageContaining("run x is journal schema version " + (JournalSchema.CURRENT + 1))
                .hasMessageContaining("upgrade Nous");
    }
}
