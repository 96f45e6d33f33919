package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.discover.DiscoveryLoop;
import io.nous.sandbox.Sandbox;
import io.nous.store.Run;
import io.nous.store.RunStore;
import io.nous.store.journal.DiscoveryConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scorer that keeps state between calls passes check and simulate, so it must export too: the
 * package's own unit test compares the plugin's score with a fresh policy's, not with one it already
 * called (which a counter answers differently), and the proof holds on the stateful sequences.
 */
class StatefulScorerExportTest {
    @TempDir
    Path dir;

    @Test
    void aScorerWithACounterExportsAndItsGoPassesItsOwnTests() throws Exception {
        String stateful = "import io.nous.sim.spi.RoutingScorer;\n\npublic final class Alternating implements RoutingScorer {\n"
                + "    private long calls;\n\n    @Override\n"
                + "    public double score(long promptTokens, double prefixMatch, long uncachedTokens, long inFlightTokens,\n"
                + "            int inFlightRequests, int maxInFlightRequests, int waiting, int running, double kvUsage) {\n"
                + "        calls++;\n        if (calls % 2 == 0) {\n            return prefixMatch;\n        }\n"
                + "        return 1.0 - (double) inFlightRequests / Math.max(1, maxInFlightRequests);\n    }\n}\n";
        DiscoveryConfig config = DiscoveryConfig.builder().problem("routing").objective("routing-ttft").proposer("scripted")
                .seedPolicies(List.of("lab-affinity-active-request")).budget(1).timeLimitSeconds(0).seed(1)
                .matrix(TestMatrices.routing(dir).toString()).seeds(1).durationSeconds(600).threads(2).replicates(200).build();
        Path runs = dir.resolve("runs");
        Run run = new RunStore(runs).create("stateful", config.toJson());
        try (Sandbox sandbox = Sandbox.workers(2, "256m", Duration.ofSeconds(120))) {
            new DiscoveryLoop(config, run, ContainmentTest.scripted(List.of(stateful)), (it, b, what, inc) -> { }, false, sandbox).run();
        }
        CliHarness e = CliHarness.run("export", "stateful", "c0002", "--runs-dir", runs.toString(), "--out", dir.resolve("x").toString(),
                "--force");
        assertThat(e.exit()).as(e.out() + e.err()).isZero();
        GoToolchain.assertProved(e);
    }
}
