package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A usage-limit policy and a saturation detector searched together: {@code --problem joint-detector}
 * seeds the router's pair (soft-reflective-ceiling under its utilization-detector), varies one half at a
 * time, replays bit for bit, checks a pair as two halves, and exports a pair as two packages with one
 * EndpointPickerConfig selecting both.
 */
class JointDetectorDiscoverTest {
    @TempDir
    Path dir;

    @Test
    void aPairOfCeilingsAndDetectorIsSearchedReplayedCheckedAndExported() throws Exception {
        Path runs = dir.resolve("runs");
        CliHarness h = CliHarness.run("discover", "--problem", "joint-detector", "--matrix", TestMatrices.flowControl(dir).toString(),
                "--budget", "3", "--seeds", "1", "--seeds-up-to", "0", "--duration", "40", "--threads", "2", "--seed", "3",
                "--runs-dir", runs.toString(), "--no-progress");
        assertThat(h.exit()).as(h.out() + h.err()).isZero();
        String id = CliHarness.onlyRun(runs);
        Path run = runs.resolve(id);
        JsonNode config = new ObjectMapper().readTree(run.resolve("config.json").toFile());
        assertThat(config.get("problem").asText()).isEqualTo("joint-detector");
        assertThat(Files.readString(run.resolve("candidates/c0001.java"))).contains("implements UsageLimitPolicy, SaturationDetector");
        String journal = Files.readString(run.resolve("journal.jsonl"));
        assertThat(journal).containsAnyOf("(usage-limit policy half)", "(saturation detector half)", "cross-halves");
        assertThat(h.out()).contains("recommendation:");
        CliHarness replay = CliHarness.run("replay", id, "--verify", "--runs-dir", runs.toString());
        assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
        assertThat(replay.out()).contains("bit for bit");

        Path pair = dir.resolve("Pair.java");
        Files.copy(run.resolve("candidates/c0002.java"), pair);
        CliHarness check = CliHarness.run("check", pair.toString());
        assertThat(check.exit()).as(check.out() + check.err()).isZero();
        assertThat(check.out()).contains("(usage-limit half)").contains("(saturation half)").contains("it can be exported as an llm-d-router plugin");

        Path x = dir.resolve("x");
        CliHarness export = CliHarness.run("export", id, "c0002", "--runs-dir", runs.toString(), "--out", x.toString(), "--force");
        assertThat(export.exit()).as(export.out() + export.err()).isZero();
        assertThat(x.resolve("limit")).isDirectory();
        assertThat(x.resolve("detector")).isDirectory();
        assertThat(x.resolve("epp-config.yaml")).content().contains("usageLimitPolicyPluginRef: ").contains("saturationDetector:\n    pluginRef: ");
    }
}
