package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The eviction problem class end to end at small scale: {@code discover --problem eviction} searches
 * victim policies with in-flight eviction on in both arms, meets the router's pair on the test split,
 * recommends it when nothing beats it, replays bit for bit and reviews a candidate with its table.
 */
class EvictionDiscoverTest {
    @TempDir
    Path dir;

    @Test
    void anEvictionSearchRunsReplaysAndIsReviewed() throws Exception {
        Path runs = dir.resolve("runs");
        CliHarness h = CliHarness.run("discover", "--problem", "eviction", "--matrix", TestMatrices.eviction(dir).toString(),
                "--budget", "3", "--seeds", "1", "--seeds-up-to", "0", "--threads", "2", "--seed", "2", "--runs-dir", runs.toString(),
                "--no-progress");
        assertThat(h.exit()).as(h.out() + h.err()).isZero();
        String id = CliHarness.onlyRun(runs);
        Path run = runs.resolve(id);
        assertThat(new ObjectMapper().readTree(run.resolve("config.json").toFile()).get("problem").asText()).isEqualTo("eviction");
        assertThat(Files.readString(run.resolve("candidates/c0001.java"))).contains("implements EvictionPolicy");
        assertThat(h.out()).contains("recommendation:");
        CliHarness replay = CliHarness.run("replay", id, "--verify", "--runs-dir", runs.toString());
        assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
        assertThat(replay.out()).contains("bit for bit");
        Path review = dir.resolve("review.md");
        CliHarness r = CliHarness.run("review", id, "c0002", "--runs-dir", runs.toString(), "--out", review.toString());
        assertThat(r.exit()).as(r.out() + r.err()).isZero();
        assertThat(Files.readString(review)).contains("| requests | revoked first |")
                .contains("a critical (priority 0), b sheddable | b (a may not be evicted)");
    }
}
