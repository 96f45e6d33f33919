package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fairness problem class end to end at small scale: {@code discover --problem fairness} searches
 * flow choices on the noisy neighbour, scores them by the worst tenant's TTFT p99, meets the router's
 * round-robin on the test split, replays bit for bit and reviews a candidate with its picks.
 */
class FairnessDiscoverTest {
    @TempDir
    Path dir;

    @Test
    void aFairnessSearchRunsMeetsRoundRobinReplaysAndIsReviewed() throws Exception {
        Path runs = dir.resolve("runs");
        CliHarness h = CliHarness.run("discover", "--problem", "fairness", "--matrix", TestMatrices.fairness(dir).toString(),
                "--budget", "3", "--seeds", "1", "--seeds-up-to", "0", "--threads", "2", "--seed", "2", "--runs-dir", runs.toString(),
                "--no-progress");
        assertThat(h.exit()).as(h.out() + h.err()).isZero();
        String id = CliHarness.onlyRun(runs);
        Path run = runs.resolve(id);
        var config = new ObjectMapper().readTree(run.resolve("config.json").toFile());
        assertThat(config.get("problem").asText()).isEqualTo("fairness");
        assertThat(config.get("objective").asText()).isEqualTo("tenant-ttft-worst");
        assertThat(Files.readString(run.resolve("candidates/c0001.java"))).contains("implements FairnessPolicy");
        assertThat(h.out()).contains("the upstream round-robin on the test split").contains("recommendation:");
        CliHarness replay = CliHarness.run("replay", id, "--verify", "--runs-dir", runs.toString());
        assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
        assertThat(replay.out()).contains("bit for bit");
        Path review = dir.resolve("review.md");
        CliHarness r = CliHarness.run("review", id, "c0001", "--runs-dir", runs.toString(), "--out", review.toString());
        assertThat(r.exit()).as(r.out() + r.err()).isZero();
        // c0001 is the round-robin seed: each tenant a turn
        assertThat(Files.readString(review)).contains("| band | served |")
                .contains("| tenant 1 holds 50 requests and its next came first; tenants 2 and 3 hold 2 each | tenant 1, tenant 2, tenant 3, "
                        + "tenant 1, tenant 2, tenant 3 |");
    }
}
