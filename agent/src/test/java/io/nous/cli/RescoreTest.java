package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code nous rescore}: on the simulator that journaled a run it reproduces every number; on a run
 * checked in from before the admission matrix was recalibrated it lists the verdicts that changed;
 * after the cost model changes under a run (its matrix's nominal deployment given a prefill 30 % slower, as a
 * refit of the prefill cost would make it) replay says the difference is in what was measured, and
 * rescore lists the verdicts that changed.
 */
class RescoreTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void aCheckedInRunFromBeforeTheAdmissionMatrixWasRecalibratedSaysWhatChanged() throws Exception {
        Path runs = CheckedInRuns.copy(dir, "runs-2026-12-01-admission");
        String id = "20261202-125152-s7";
        CliHarness replay = CliHarness.run("replay", id, "--runs-dir", runs.toString());
        assertThat(replay.exit()).isEqualTo(ExitCodes.REPLAY_DIFFERS);
        assertThat(replay.out()).contains("replay differs: record 3 (evaluation)").contains("the difference is in what the simulator measured")
                .contains("nous rescore " + id);

        CliHarness rescore = CliHarness.run("rescore", id, "--top", "3", "--runs-dir", runs.toString(), "--threads", "2");
        assertThat(rescore.exit()).as(rescore.err()).isZero();
        assertThat(rescore.out()).contains("matrix admission").contains("verdicts changed: 1 of 3 evaluations")
                .contains("c0003 on search: no-difference -> better (promotable)")
                .contains("search ranking, journaled: c0001 > c0002 > c0003").contains("search ranking, today:     c0003 > c0001 > c0002");
    }

    @Test
    void aRunMeasuredOnAnotherSimulatorListsTheVerdictsThatChanged() throws Exception {
        Path matrix = TestMatrices.flowControl(dir);
        Path runs = dir.resolve("runs");
        CliHarness d = CliHarness.run("discover", "--problem", "flow-control", "--seed-policies", "static-usage-limit,soft-reflective-ceiling", "--budget", "3",
                "--seeds", "2", "--duration", "60", "--threads", "2", "--seed", "7", "--matrix", matrix.toString(),
                "--runs-dir", runs.toString());
        assertThat(d.exit()).as(d.err()).isZero();
        String id = CliHarness.onlyRun(runs);

        // the same simulator: every journaled number comes back
        CliHarness same = CliHarness.run("rescore", id, "--runs-dir", runs.toString(), "--threads", "2", "--json");
        assertThat(same.exit()).as(same.err()).isZero();
        JsonNode s = JSON.readTree(same.out());
        assertThat(s.get("verdicts_changed").asInt()).isZero();
        assertThat(s.get("evaluations").size()).isPositive();
        for (JsonNode e : s.get("evaluations")) {
            assertThat(e.get("today").get("score")).as(e.get("candidate") + " " + e.get("split")).isEqualTo(e.get("journaled").get("score"));
        }
        assertThat(s.get("ranking_today")).isEqualTo(s.get("ranking_journaled"));

        // the simulator's prefill cost changes under the run
        String before = Files.readString(matrix);
        Files.writeString(matrix, before.replace("- {name: nominal}", "- {name: nominal, prefill_speed: 0.7}"));
        assertThat(Files.readString(matrix)).isNotEqualTo(before);
        CliHarness replay = CliHarness.run("replay", id, "--runs-dir", runs.toString());
        assertThat(replay.exit()).isEqualTo(ExitCodes.REPLAY_DIFFERS);
        assertThat(replay.out()).contains("replay differs: record").contains("the difference is in what the simulator measured")
                .contains("nous rescore " + id);

        CliHarness changed = CliHarness.run("rescore", id, "--runs-dir", runs.toString(), "--threads", "2");
        assertThat(changed.exit()).as(changed.err()).isZero();
        assertThat(changed.out()).containsPattern("verdicts changed: [1-9]\\d* of \\d+ evaluations")
                .containsPattern("\\n  c\\d{4} on (search|validation|test): [a-z-]+( \\(promotable\\))? -> [a-z-]+")
                .contains("search ranking, journaled: ").contains("search ranking, today: ");
        JsonNode c = JSON.readTree(CliHarness.run("rescore", id, "--runs-dir", runs.toString(), "--threads", "2", "--json").out());
        int flagged = 0;
        for (JsonNode e : c.get("evaluations")) {
            boolean differs = !e.get("today").get("score").path("verdict").equals(e.get("journaled").get("score").path("verdict"))
                    || e.get("today").get("promotable").asBoolean() != e.get("journaled").get("promotable").asBoolean();
            assertThat(e.get("verdict_changed").asBoolean()).as(e.toString()).isEqualTo(differs);
            flagged += differs ? 1 : 0;
        }
        assertThat(c.get("verdicts_changed").asInt()).isEqualTo(flagged).isPositive();
    }

    @Test
    void badInputIsOneLine() {
        CliHarness h = CliHarness.run("rescore", "nope", "--runs-dir", dir.toString());
        assertThat(h.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(h.err()).startsWith("nous: ").doesNotContain("Exception");
        CliHarness top = CliHarness.run("rescore", "nope", "--top", "-1", "--runs-dir", dir.toString());
        assertThat(top.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(top.err()).contains("--top must be 0 or more");
    }

}
