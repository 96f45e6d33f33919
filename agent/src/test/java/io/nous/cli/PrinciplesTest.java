package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nous.store.Journal;
import io.nous.store.journal.Principle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Principles across runs: listed with their evidence, inherited by a new run, replayed with it. */
class PrinciplesTest {
    private static final String RUN = CheckedInRuns.RUN;
    private static final String GATE = "Gating below saturation 0.6 harms under-capacity traffic (min-gate=0.6)";

    @TempDir
    Path dir;

    /** The checked-in run, with a principle its seventh candidate showed appended to its journal. */
    private Path runsWithAPrinciple() throws Exception {
        Path to = CheckedInRuns.copy(dir);
        try (Journal j = Journal.openForAppend(to.resolve(RUN).resolve("journal.jsonl"))) {
            j.append(new Principle(GATE, "c0002"));
        }
        return to;
    }

    @Test
    void principlesAreListedWithTheirEvidenceAndANewRunStartsFromThem() throws Exception {
        Path runs = runsWithAPrinciple();
        CliHarness list = CliHarness.run("principles", "--runs-dir", runs.toString());
        assertThat(list.exit()).as(list.err()).isZero();
        assertThat(list.out()).contains("1 principle(s) learned in the 1 run(s)").contains("- " + GATE + "  [flow-control]")
                .contains(RUN + " c0002").contains("nous discover --principles all");
        JsonNode json = new ObjectMapper().readTree(CliHarness.run("principles", "--runs-dir", runs.toString(), "--json").out());
        assertThat(json.get("principles").get(0).get("principle").asText()).isEqualTo(GATE);
        assertThat(json.get("principles").get(0).get("support").get(0).get("run_id").asText()).isEqualTo(RUN);
        assertThat(CliHarness.run("principles", "--runs-dir", runs.toString(), "--problem", "admission").out())
                .contains("no principles learned in the 0 run(s) of admission");

        // a new run inherits them: in its config, in what its proposer is told, in its summary; and it replays
        CliHarness d = CliHarness.run("discover", "--problem", "flow-control", "--seed-policies", "static-usage-limit", "--matrix", TestMatrices.flowControl(dir).toString(),
                "--budget", "3", "--seeds", "1", "--duration", "60",
                "--threads", "2", "--seed", "3", "--runs-dir", runs.toString(), "--no-progress", "--principles", "all");
        assertThat(d.exit()).as(d.out() + d.err()).isZero();
        assertThat(d.out()).contains("starting from 1 principle(s) learned in all runs");
        String id;
        try (Stream<Path> s = Files.list(runs)) {
            id = s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).filter(n -> !n.equals(RUN)).findFirst().orElseThrow();
        }
        JsonNode config = new ObjectMapper().readTree(runs.resolve(id).resolve("config.json").toFile());
        assertThat(config.get("principles").get(0).asText()).isEqualTo(GATE);
        assertThat(config.get("schema").asInt()).isEqualTo(io.nous.store.journal.JournalSchema.CURRENT);
        JsonNode summary = new ObjectMapper().readTree(runs.resolve(id).resolve("summary.json").toFile());
        assertThat(summary.get("principles").toString()).contains("min-gate=0.6");
        // the offline proposer keeps its gates at or above the inherited bound
        for (String line : Files.readAllLines(runs.resolve(id).resolve("journal.jsonl"))) {
            if (line.contains("\"operator\":\"insert-gate\"")) {
                assertThat(line).doesNotContainPattern("saturation >= 0\\.[0-5]");
            }
        }
        CliHarness replay = CliHarness.run("replay", id, "--verify", "--runs-dir", runs.toString());
        assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
    }

    @Test
    void principlesOfAnotherProblemClassAreRefused() throws Exception {
        Path runs = runsWithAPrinciple();
        CliHarness d = CliHarness.run("discover", "--problem", "admission", "--budget", "1", "--runs-dir", runs.toString(),
                "--principles", RUN);
        assertThat(d.exit()).isEqualTo(2);
        assertThat(d.err()).contains("--principles: run " + RUN + " searched flow-control, this run searches admission");
        CliHarness missing = CliHarness.run("discover", "--budget", "1", "--runs-dir", runs.toString(), "--principles", "nope");
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err()).contains("no run 'nope'");
        CliHarness bad = CliHarness.run("principles", "--problem", "joint-venture", "--runs-dir", runs.toString());
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("unknown problem 'joint-venture'");
    }
}
