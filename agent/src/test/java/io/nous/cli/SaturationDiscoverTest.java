package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The saturation-detector plug point through discovery: {@code --problem saturation} searches
 * detectors under soft-reflective-ceiling, meets both of the router's detectors on the test split,
 * replays bit for bit, is reviewed, and exports as the router's {@code SaturationDetector}.
 */
class SaturationDiscoverTest {
    @TempDir
    Path dir;

    @Test
    void aDetectorSearchRunsMeetsBothUpstreamDetectorsReplaysAndIsReviewed() throws Exception {
        Path runs = dir.resolve("runs");
        CliHarness h = CliHarness.run("discover", "--problem", "saturation", "--matrix", TestMatrices.flowControl(dir).toString(),
                "--budget", "4", "--seeds", "1", "--seeds-up-to", "0", "--duration", "60", "--threads", "2", "--seed", "2",
                "--runs-dir", runs.toString(), "--no-progress");
        assertThat(h.exit()).as(h.out() + h.err()).isZero();
        String id = CliHarness.onlyRun(runs);
        Path run = runs.resolve(id);
        JsonNode config = new ObjectMapper().readTree(run.resolve("config.json").toFile());
        assertThat(config.get("problem").asText()).isEqualTo("saturation");
        assertThat(Files.readString(run.resolve("candidates/c0001.java"))).contains("implements SaturationDetector");
        String journal = Files.readString(run.resolve("journal.jsonl"));
        assertThat(journal).contains("\"operator\":\"scale-threshold\"").doesNotContain("\"operator\":\"insert-gate\"");
        // the recommendation names one of the router's detectors or a winner that beat both
        assertThat(h.out()).contains("recommendation:").containsAnyOf("utilization-detector", "concurrency-detector");
        assertThat(CliHarness.run("runs", "show", id, "--runs-dir", runs.toString()).out()).contains("problem saturation");
        CliHarness replay = CliHarness.run("replay", id, "--verify", "--runs-dir", runs.toString());
        assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
        assertThat(replay.out()).contains("bit for bit");
        Path review = dir.resolve("review.md");
        CliHarness r = CliHarness.run("review", id, "c0002", "--runs-dir", runs.toString(), "--out", review.toString());
        assertThat(r.exit()).as(r.out() + r.err()).isZero();
        assertThat(Files.readString(review)).contains("| pool state | saturation |").contains("scrape shows idle")
                .doesNotContain("there is no export step");
        // a detector exports as the router's SaturationDetector, proved equivalent where Go is installed
        Path x = dir.resolve("x");
        CliHarness export = CliHarness.run("export", id, "c0002", "--runs-dir", runs.toString(), "--out", x.toString(), "--force");
        assertThat(export.exit()).as(export.out() + export.err()).isZero();
        assertThat(export.out()).contains("saturation detector").contains("golden");
        assertThat(Files.readString(x.resolve("PROVENANCE.md"))).contains(id).contains("c0002");
        try (Stream<Path> files = Files.walk(x)) {
            assertThat(files.map(p -> p.getFileName().toString())).contains("detector.go", "detector_test.go", "equivalence_test.go",
                    "epp-config.yaml", "RUNBOOK.md");
        }
    }
}
