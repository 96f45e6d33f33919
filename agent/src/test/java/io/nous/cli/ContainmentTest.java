package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nous.discover.DiscoveryLoop;
import io.nous.discover.Proposal;
import io.nous.discover.ProposalContext;
import io.nous.discover.Proposer;
import io.nous.sandbox.Sandbox;
import io.nous.store.Run;
import io.nous.store.RunStore;
import io.nous.store.journal.DiscoveryConfig;
import io.nous.store.journal.Prediction;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No candidate can end or poison a discovery run: attacks proposed to a real run (candidates in
 * worker JVMs) are rejected or evaluated as they deserve, the run finishes and replays bit for bit,
 * and the workers never outlive the process that started them.
 */
class ContainmentTest {
    @TempDir
    Path dir;

    static String attack(String name) throws IOException {
        try (InputStream in = ContainmentTest.class.getResourceAsStream("/attacks/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Two candidates that the old canonical form hashed alike: one reads field x, the other field z, before a local of that name. */
    static String twin(String field) {
        return "import io.nous.sim.spi.UsageLimitPolicy;\n"
                + "public final class Twin implements UsageLimitPolicy {\n"
                + "    private final double x = 0.5;\n    private final double z = 0.95;\n"
                + "    public void computeLimit(double s, int[] p, double[] c) {\n"
                + "        double gate = " + field + ";\n        double " + field + " = 0.8;\n"
                + "        for (int i = 1; i < c.length; i++) { c[i] = s >= gate && s < 1.0 ? " + field + " : 1.0; }\n"
                + "        if (s >= 1.0) { for (int i = 1; i < c.length; i++) { c[i] = 0.0; } }\n"
                + "    }\n}\n";
    }

    /** Proposes the given sources in order, one per iteration. */
    static Proposer scripted(List<String> sources) {
        return new Proposer() {
            @Override
            public String name() {
                return "scripted";
            }

            @Override
            public Proposal propose(ProposalContext ctx) {
                String src = sources.get(ctx.iteration() - 1);
                return new Proposal("attack " + ctx.iteration(), "a hostile or tricky candidate",
                        List.of(new Prediction("near", "decrease", -0.1)), src, List.of(), "scripted");
            }
        };
    }

    @Test
    void attacksProposedToDiscoveryAreRejectedOrEvaluatedAndTheRunReplays() throws Exception {
        Path matrix = Files.writeString(dir.resolve("tiny.yaml"), """
                name: tiny
                seeds: 1
                duration_seconds: 90
                router_version: v0.9
                scenarios:
                  - {workload: code-generation, qps: 16, split: search, regime: near}
                  - {workload: code-generation, qps: 4, split: search, regime: under}
                  - {workload: code-generation, qps: 10, split: validation, regime: under}
                  - {workload: interactive-chat, qps: 80, split: validation, regime: over}
                  - {workload: code-generation, qps: 13, split: test, regime: near}
                """);
        String legal = twin("x");
        List<String> proposals = List.of(
                attack("PoisonProbe.java"),
                twin("x"),
                twin("z"),
                legal.replace("gate", "threshold"), // the same program with a local renamed: a duplicate
                attack("SlowAfterOneBand.java"),
                attack("DeepRecursion.java"),
                attack("NestedParens.java"),
                attack("ThreeDim.java"),
                attack("LateThrow.java"),
                attack("ShadowsMath.java"));
        DiscoveryConfig config = DiscoveryConfig.builder().proposer("scripted").budget(proposals.size()).timeLimitSeconds(0).seed(1)
                .matrix(matrix.toString()).seeds(1).durationSeconds(90).threads(2).replicates(200).build();
        Path runs = dir.resolve("runs");
        Run run = new RunStore(runs).create("attacked", config.toJson());
        try (Sandbox sandbox = Sandbox.workers(2, "256m", Duration.ofSeconds(120))) {
            new DiscoveryLoop(config, run, scripted(proposals), (it, b, what, inc) -> { }, false, sandbox).run();
        }
        List<JsonNode> journal = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        for (String l : Files.readAllLines(run.journalFile())) {
            journal.add(json.readTree(l));
        }
        String all = journal.toString();
        assertThat(journal.get(journal.size() - 1).get("type").asText()).isEqualTo("run-finished");
        // the poison pill faults in discovery's behaviour probe: journaled as a rejection
        assertThat(all).contains("candidate 'PoisonProbe' threw ArrayIndexOutOfBoundsException");
        // the hash twins behave differently and are both simulated; the renamed copy is a duplicate
        List<JsonNode> candidates = journal.stream().filter(r -> r.get("type").asText().equals("candidate")).toList();
        List<String> hashes = candidates.stream().map(c -> c.get("body").get("sha256").asText()).toList();
        assertThat(hashes).doesNotHaveDuplicates();
        assertThat(journal.stream().filter(r -> r.get("type").asText().equals("duplicate")).count()).isEqualTo(1);
        assertThat(all).contains("too slow").contains("call depth exceeded 64").contains("brackets nest more than 48 deep")
                .contains("array elements in one call").contains("may not be called 'Math'");
        // the late thrower passes its checks and throws after 5,000 calls: the behaviour probe's instance makes more than that
        // (short simulations, then holds on the same instance), so it is rejected there, before any evaluation, its fault named
        assertThat(journal.stream().filter(r -> r.get("type").asText().equals("verification"))
                .anyMatch(r -> r.get("body").toString().contains("run-time: candidate 'LateThrow' threw ArrayIndexOutOfBoundsException")))
                .isTrue();
        assertThat(journal.stream().filter(r -> r.get("type").asText().equals("evaluation"))
                .noneMatch(r -> r.get("body").path("failure").asText().contains("ArrayIndexOutOfBoundsException"))).isTrue();
        // and the whole run reproduces, in worker JVMs as it ran
        CliHarness replay = CliHarness.run("replay", "attacked", "--verify", "--runs-dir", runs.toString());
        assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
        assertThat(replay.out()).contains("bit for bit");
    }

    private Process startDiscover(Path runs) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), Nous.class.getName(), "discover", "--problem", "flow-control", "--budget", "40", "--seeds", "1",
                "--duration", "120", "--runs-dir", runs.toString(), "--no-progress"));
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("discover.log").toFile()).start();
    }

    /** The worker JVMs of a running discover, once it has started them. */
    private static List<ProcessHandle> workersOf(Process p) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            // discover starts no other processes than its worker JVMs
            List<ProcessHandle> kids = p.descendants().toList();
            if (kids.size() >= 2) {
                return kids;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("discover started no worker JVMs");
    }

    private static void assertAllGone(List<ProcessHandle> workers) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (System.nanoTime() < deadline && workers.stream().anyMatch(ProcessHandle::isAlive)) {
            Thread.sleep(50);
        }
        assertThat(workers).as("worker JVMs left behind").noneMatch(ProcessHandle::isAlive);
    }

    @Test
    void workersDieWithTheirDiscoverOnSigterm() throws Exception {
        Process p = startDiscover(dir.resolve("term"));
        List<ProcessHandle> workers = workersOf(p);
        p.destroy(); // SIGTERM
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertAllGone(workers);
    }

    @Test
    void workersDieWithTheirDiscoverOnSigkill() throws Exception {
        Process p = startDiscover(dir.resolve("kill"));
        List<ProcessHandle> workers = workersOf(p);
        p.destroyForcibly(); // SIGKILL: no shutdown hook runs, the workers' watchdogs notice
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertAllGone(workers);
    }
}
