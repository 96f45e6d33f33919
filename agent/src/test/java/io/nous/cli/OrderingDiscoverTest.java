package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ordering plug point from the command line: {@code simulate --plug ordering=...} runs a
 * built-in or a candidate file, a candidate that is not a strict order is refused before it runs,
 * {@code discover --problem ordering} searches, meets the router's three orderings on the test
 * split, replays bit for bit and is reviewed, and an ordering exports as the router's
 * {@code OrderingPolicy}, into a router checkout with {@code --router}.
 */
class OrderingDiscoverTest {
    @TempDir
    Path dir;

    @Test
    void simulateRunsAnOrderingAtThePlugPointAndRefusesOneThatIsNotAStrictOrder() throws Exception {
        CliHarness slo = CliHarness.run("simulate", "--workload", "mixed-slo", "--qps", "15", "--duration", "120", "--plug",
                "ordering=slo-deadline", "--json");
        assertThat(slo.exit()).as(slo.err()).isZero();
        JsonNode r = new ObjectMapper().readTree(slo.out());
        assertThat(r.get("ordering").asText()).isEqualTo("slo-deadline");
        CliHarness fcfs = CliHarness.run("simulate", "--workload", "mixed-slo", "--qps", "15", "--duration", "120", "--json");
        JsonNode f = new ObjectMapper().readTree(fcfs.out());
        assertThat(f.has("ordering")).isFalse();
        // requests with the SLO header go first: critical waits less than under fcfs, standard more
        assertThat(r.at("/classes/critical/ttft_p50_ms").asDouble()).isLessThan(f.at("/classes/critical/ttft_p50_ms").asDouble());
        assertThat(r.at("/classes/standard/ttft_p50_ms").asDouble()).isGreaterThan(f.at("/classes/standard/ttft_p50_ms").asDouble());

        Path reflexive = dir.resolve("AtMost.java");
        Files.writeString(reflexive, """
                import io.nous.sim.spi.OrderingPolicy;

                public final class AtMost implements OrderingPolicy {
                    @Override
                    public boolean less(long enqueueUsA, long ttlUsA, long sloTtftMsA, long bytesA, long enqueueUsB, long ttlUsB,
                                        long sloTtftMsB, long bytesB) {
                        return enqueueUsA <= enqueueUsB;
                    }
                }
                """);
        CliHarness bad = CliHarness.run("simulate", "--workload", "mixed-slo", "--qps", "15", "--duration", "60", "--plug",
                "ordering=" + reflexive);
        assertThat(bad.exit()).isNotZero();
        assertThat(bad.err()).contains("dispatches before itself").contains("use <, not <=").doesNotContain("\tat ");
    }

    @Test
    void anOrderingSearchRunsMeetsTheRoutersOrderingsReplaysAndIsReviewed() throws Exception {
        Path runs = dir.resolve("runs");
        CliHarness h = CliHarness.run("discover", "--problem", "ordering", "--matrix", TestMatrices.ordering(dir).toString(),
                "--budget", "4", "--seeds", "1", "--seeds-up-to", "0", "--threads", "2", "--seed", "3", "--runs-dir", runs.toString(),
                "--no-progress");
        assertThat(h.exit()).as(h.out() + h.err()).isZero();
        String id = CliHarness.onlyRun(runs);
        Path run = runs.resolve(id);
        assertThat(new ObjectMapper().readTree(run.resolve("config.json").toFile()).get("problem").asText()).isEqualTo("ordering");
        assertThat(Files.readString(run.resolve("candidates/c0001.java"))).contains("implements OrderingPolicy");
        assertThat(h.out()).contains("the upstream edf on the test split").contains("the upstream slo-deadline on the test split")
                .contains("recommendation:");
        CliHarness replay = CliHarness.run("replay", id, "--verify", "--runs-dir", runs.toString());
        assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
        assertThat(replay.out()).contains("bit for bit");
        Path review = dir.resolve("review.md");
        CliHarness r = CliHarness.run("review", id, "c0002", "--runs-dir", runs.toString(), "--out", review.toString());
        assertThat(r.exit()).as(r.out() + r.err()).isZero();
        assertThat(Files.readString(review)).contains("| requests | first |").contains("a without an SLO header, b with 1,000 ms");
    }

    @Test
    void anOrderingExportsProvedAndIntoARouterCheckoutAndTheRoutersOwnIsConfiguredInstead() throws Exception {
        CliHarness shipped = CliHarness.run("export", "--policy", "slo-deadline", "--out", dir.resolve("shipped").toString());
        assertThat(shipped.exit()).isNotZero();
        assertThat(shipped.err()).contains("set orderingPolicyRef: slo-deadline-ordering-policy on the priority bands");

        Path out = dir.resolve("aging");
        CliHarness h = CliHarness.run("export", "--policy", "weighted-deadline", "--name", "slo-aging", "--out", out.toString());
        assertThat(h.exit()).as(h.err()).isZero();
        assertThat(h.out()).contains("as the ordering policy slo-aging-ordering (package sloaging, 25 golden pairs)");
        assertThat(out.resolve("sloaging/ordering.go")).content().contains("func (p *policy) Less(a, b fwkfc.QueueItemAccessor) bool {");
        assertThat(out.resolve("sloaging/epp-config.yaml")).content().contains("    orderingPolicyRef: slo-aging-ordering\n");
        assertThat(out.resolve("RUNBOOK.md")).content().contains("`orderingPolicyRef` back to `fcfs-ordering-policy`");
        GoToolchain.assertProved(h);

        Path stub = RouterFixture.usageLimitStub(dir);
        Path router = RouterFixture.create(dir.resolve("router"), stub, out);
        CliHarness placed = CliHarness.run("export", "--policy", "weighted-deadline", "--name", "slo-aging", "--out",
                dir.resolve("placed").toString(), "--router", router.toString());
        assertThat(placed.exit()).as(placed.out() + placed.err()).isZero();
        String runner = Files.readString(router.resolve("cmd/epp/runner/runner.go"));
        assertThat(runner).contains("\"github.com/llm-d/llm-d-router/pkg/epp/framework/plugins/flowcontrol/ordering/sloaging\"")
                .contains("fwkplugin.Register(sloaging.OrderingType, fwkplugin.StabilityAlpha, sloaging.Factory)");
        assertThat(dir.resolve("placed/PR_DESCRIPTION.md")).content().contains("an Alpha ordering policy for flow control");
        GoToolchain.vetAndTest(router);
    }
}
