package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.discover.DiscoveryLoop;
import io.nous.sandbox.Sandbox;
import io.nous.store.Run;
import io.nous.store.RunHistory;
import io.nous.store.RunStore;
import io.nous.store.journal.Duplicate;
import io.nous.store.journal.NoveltyAudit;
import io.nous.store.journal.DiscoveryConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Discovery skips a proposal only when it is the same policy in simulation: in a routing run with the
 * novelty audit on, scorers that gate at 3 and at 4 in flight and one that recognises the old probe grid
 * are each simulated, and the one proposal skipped — a rewrite of an evaluated scorer — is shown by the
 * audit to change exactly as its twin did.
 */
class NoveltyAuditTest {
    @TempDir
    Path dir;

    private static String scorer(String name, String body) {
        return "import io.nous.sim.spi.RoutingScorer;\n\npublic final class " + name + " implements RoutingScorer {\n"
                + "    @Override\n    public double score(long promptTokens, double prefixMatch, long uncachedTokens, long inFlightTokens,\n"
                + "            int inFlightRequests, int maxInFlightRequests, int waiting, int running, double kvUsage) {\n" + body + "    }\n}\n";
    }

    private static String gate(int at) {
        return scorer("Gate" + at, "        if (inFlightRequests >= " + at + ") {\n            return 0.1 * prefixMatch;\n        }\n"
                + "        return 0.5 + 0.5 * prefixMatch;\n");
    }

    @Test
    void onlyAScorerThatDecidesAlikeIsSkippedAndTheAuditShowsItChangesAsItsTwin() throws Exception {
        String probeDetector = scorer("Detector", "        boolean probe = waiting == inFlightRequests / 2 && running == Math.min(inFlightRequests, 8)\n"
                + "                && maxInFlightRequests == Math.max(inFlightRequests, 16);\n"
                + "        if (probe) {\n            return inFlightRequests >= 3 ? 0.1 * prefixMatch : 0.5 + 0.5 * prefixMatch;\n        }\n"
                + "        return prefixMatch;\n");
        String rewrite = scorer("Gate3Again", "        double affinity = prefixMatch;\n        if (inFlightRequests < 3) {\n"
                + "            return 0.5 + 0.5 * affinity;\n        }\n        return affinity * 0.1;\n");
        List<String> proposals = List.of(gate(3), gate(4), probeDetector, rewrite);
        DiscoveryConfig config = DiscoveryConfig.builder().problem("routing").objective("routing-ttft").proposer("scripted")
                .seedPolicies(List.of("lab-affinity-active-request")).budget(proposals.size()).timeLimitSeconds(0).seed(1)
                .matrix(TestMatrices.routing(dir).toString()).seeds(1).durationSeconds(600).threads(2).replicates(200)
                .noveltyAudit(true).build();
        Path runs = dir.resolve("runs");
        Run run = new RunStore(runs).create("audited", config.toJson());
        try (Sandbox sandbox = Sandbox.workers(2, "256m", Duration.ofSeconds(120))) {
            new DiscoveryLoop(config, run, ContainmentTest.scripted(proposals), (it, b, what, inc) -> { }, false, sandbox).run();
        }
        RunHistory history = RunHistory.read(run);
        List<Duplicate> skipped = history.lines().stream().filter(l -> l.entry() instanceof Duplicate).map(l -> (Duplicate) l.entry()).toList();
        List<NoveltyAudit> audits = history.lines().stream().filter(l -> l.entry() instanceof NoveltyAudit).map(l -> (NoveltyAudit) l.entry())
                .toList();
        // the seed, the two gates and the detector are simulated; only the rewrite of the first gate is skipped, as its twin
        assertThat(history.lines().stream().filter(l -> l.type().equals("candidate")).count()).isEqualTo(4);
        assertThat(skipped).singleElement().satisfies(d -> assertThat(d.of()).isEqualTo("c0002"));
        assertThat(audits).singleElement().satisfies(a -> {
            assertThat(a.distance()).as("an exact behavioural twin").isNull();
            assertThat(a.fullChange()).as("it changes exactly as its twin in simulation").isEqualTo(a.ofChange());
            assertThat(a.sameAsTwin()).as("variant by variant").isTrue();
        });
        assertThat(RunView.noveltyAudit(history)).contains("1 exact twins, 0 of them different from their twin in simulation");
    }
}
