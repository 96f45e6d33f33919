package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The autoscaling problem class end to end at small scale: {@code discover --problem autoscaling}
 * searches scaling policies on autoscaled pools under a daily cycle, scores them by the GPU-seconds each
 * request within its TTFT objective costs (attainment held), meets the HPA and WVA's saturation
 * analyzer on the test split, and replays bit for bit; a scaling policy exports as a Go package for
 * the autoscaler and refuses a router checkout.
 */
class AutoscalingDiscoverTest {
    @TempDir
    Path dir;

    @Test
    void anAutoscalingSearchRunsMeetsTheAnalyzerAndReplays() throws Exception {
        Path runs = dir.resolve("runs");
        CliHarness h = CliHarness.run("discover", "--problem", "autoscaling", "--matrix", TestMatrices.autoscaling(dir).toString(),
                "--budget", "3", "--seeds", "1", "--seeds-up-to", "0", "--threads", "2", "--seed", "2", "--runs-dir", runs.toString(),
                "--no-progress");
        assertThat(h.exit()).as(h.out() + h.err()).isZero();
        String id = CliHarness.onlyRun(runs);
        Path run = runs.resolve(id);
        var config = new ObjectMapper().readTree(run.resolve("config.json").toFile());
        assertThat(config.get("problem").asText()).isEqualTo("autoscaling");
        assertThat(config.get("objective").asText()).isEqualTo("slo-cost");
        assertThat(Files.readString(run.resolve("candidates/c0001.java"))).contains("implements ScalingPolicy");
        // the HPA and WVA are what autoscalers run beside the router, not the router's own policies
        // priced per request within objective, the HPA's cheap misses lose to a pool that serves in time, and the winner meets
        // both rules deployments run on the test split
        assertThat(h.out()).contains("winner c0002: slo-cost").contains("vs the upstream hpa-utilization on the test split")
                .contains("the upstream saturation-analyzer on the test split").contains("(better than what autoscalers run)")
                .doesNotContain("the router ships").doesNotContain("] rejected:");
        CliHarness replay = CliHarness.run("replay", id, "--verify", "--runs-dir", runs.toString());
        assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
        assertThat(replay.out()).contains("bit for bit");
        // a scaling policy leaves as a Go package for the autoscaler, never as a router plugin
        CliHarness export = CliHarness.run("export", id, "c0001", "--force", "--runs-dir", runs.toString(), "--out",
                dir.resolve("x").toString());
        assertThat(export.exit()).as(export.out() + export.err()).isZero();
        assertThat(export.out()).contains("as the scaling policy ");
        assertThat(Files.readString(dir.resolve("x/RUNBOOK.md"))).contains("Point the autoscaler back at");
        CliHarness router = CliHarness.run("export", id, "c0001", "--force", "--runs-dir", runs.toString(), "--out",
                dir.resolve("y").toString(), "--router", dir.toString());
        assertThat(router.exit()).isNotZero();
        assertThat(router.err()).contains("runs in the autoscaler beside the router, not in it: drop --router");
        assertThat(dir.resolve("y")).doesNotExist();
    }
}
