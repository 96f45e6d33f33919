package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Flow control and the autoscaler searched together at small scale: {@code discover --problem
 * joint-autoscaling} runs one class with a usage-limit half and a scaling half on autoscaled pools,
 * meets both deployed pairs on the test split and replays bit for bit; its export leaves the router's
 * half to the router's config and the scaling half as a package for the autoscaler.
 */
class JointAutoscalingDiscoverTest {
    @TempDir
    Path dir;

    @Test
    void aJointSearchOfCeilingsAndPoolSizeRunsReplaysAndExportsBothHalves() throws Exception {
        Path runs = dir.resolve("runs");
        CliHarness h = CliHarness.run("discover", "--problem", "joint-autoscaling", "--matrix", TestMatrices.autoscaling(dir).toString(),
                "--budget", "2", "--seeds", "1", "--seeds-up-to", "0", "--threads", "2", "--seed", "2", "--runs-dir", runs.toString(),
                "--no-progress");
        assertThat(h.exit()).as(h.out() + h.err()).isZero();
        String id = CliHarness.onlyRun(runs);
        Path run = runs.resolve(id);
        var config = new ObjectMapper().readTree(run.resolve("config.json").toFile());
        assertThat(config.get("problem").asText()).isEqualTo("joint-autoscaling");
        assertThat(config.get("objective").asText()).isEqualTo("slo-cost");
        assertThat(Files.readString(run.resolve("candidates/c0001.java"))).contains("implements UsageLimitPolicy, ScalingPolicy");
        assertThat(h.out()).contains("vs the upstream static-usage-limit+hpa-utilization on the test split")
                .contains("vs the upstream static-usage-limit+saturation-analyzer on the test split").doesNotContain("] rejected:");
        CliHarness replay = CliHarness.run("replay", id, "--verify", "--runs-dir", runs.toString());
        assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
        assertThat(replay.out()).contains("bit for bit");
        // soft-reflective-ceiling with saturation-target: the router's half is configured, the scaling half leaves as a package
        String winner = h.out().lines().filter(l -> l.startsWith("winner ")).findFirst().orElseThrow().split("[ :]")[1];
        CliHarness export = CliHarness.run("export", id, winner, "--force", "--runs-dir", runs.toString(), "--out",
                dir.resolve("x").toString());
        assertThat(export.exit()).as(export.out() + export.err()).isZero();
        assertThat(export.out()).contains("deployed beside the router").contains("deploy them together");
        assertThat(Files.readString(dir.resolve("x/epp-config.yaml"))).contains("usageLimitPolicyPluginRef");
        assertThat(dir.resolve("x/scaling/RUNBOOK.md")).exists();
    }
}
