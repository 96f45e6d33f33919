package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fairness plug point from the command line: {@code simulate --plug fairness=...} runs the
 * router's policies and a candidate file in process and in a worker JVM alike, a candidate that
 * picks no flow is refused before it runs, and an export says it is not built yet.
 */
class FairnessPlugPointTest {
    @TempDir
    Path dir;

    private static final String HEAVIEST = """
            import io.nous.sim.spi.FairnessPolicy;

            public final class Heaviest implements FairnessPolicy {
                @Override
                public int pick(int flows, int[] flowIds, int[] queued, int[] headRank, long[] headEnqueueUs, long[] headBytes,
                                long[] headSloTtftMs, long[] state) {
                    int best = 0;
                    for (int i = 1; i < flows; i++) {
                        if (queued[i] > queued[best] || queued[i] == queued[best] && headRank[i] < headRank[best]) {
                            best = i;
                        }
                    }
                    return best;
                }
            }
            """;

    @Test
    void aFairnessPolicyRunsAtThePlugPointInProcessAndInAWorkerAlike() throws Exception {
        CliHarness robin = CliHarness.run("simulate", "--workload", "system-prompts", "--qps", "140", "--duration", "40", "--plug",
                "fairness=round-robin", "--json");
        assertThat(robin.exit()).as(robin.err()).isZero();
        assertThat(new ObjectMapper().readTree(robin.out()).get("fairness").asText()).isEqualTo("round-robin");
        Path file = dir.resolve("Heaviest.java");
        Files.writeString(file, HEAVIEST);
        CliHarness here = CliHarness.run("simulate", "--workload", "system-prompts", "--qps", "140", "--duration", "40", "--plug",
                "fairness=" + file, "--json");
        CliHarness worker = CliHarness.run("simulate", "--isolate", "--workload", "system-prompts", "--qps", "140", "--duration", "40",
                "--plug", "fairness=" + file, "--json");
        assertThat(worker.exit()).as(worker.err()).isZero();
        JsonNode a = new ObjectMapper().readTree(here.out());
        JsonNode b = new ObjectMapper().readTree(worker.out());
        assertThat(b.get("classes")).isEqualTo(a.get("classes"));
        assertThat(a.get("fairness").asText()).startsWith("Heaviest");
    }

    @Test
    void aPolicyThatPicksNoFlowIsRefusedAndTheExportIsNotBuiltYet() throws Exception {
        Path file = dir.resolve("Past.java");
        Files.writeString(file, HEAVIEST.replace("Heaviest", "Past").replace("return best;", "return flows;"));
        CliHarness bad = CliHarness.run("simulate", "--workload", "system-prompts", "--qps", "140", "--duration", "40", "--plug",
                "fairness=" + file);
        assertThat(bad.exit()).isNotZero();
        assertThat(bad.err()).contains("a pick is an index in [0, ").doesNotContain("\tat ");
        // the router's own policy is configured, not copied; another one is refused until the export is built
        CliHarness shipped = CliHarness.run("export", "--policy", "round-robin", "--out", dir.resolve("x").toString());
        assertThat(shipped.exit()).isNotZero();
        assertThat(shipped.err()).contains("set fairnessPolicyRef: round-robin-fairness-policy on the priority bands");
        CliHarness export = CliHarness.run("export", "--policy", "weighted-fair:queuePermille=500", "--out", dir.resolve("y").toString());
        assertThat(export.exit()).isNotZero();
        assertThat(export.err()).contains("Nous does not write fairness-policy plugins for the router yet");
    }
}
