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
 * picks no flow is refused before it runs, and a policy exports as a proved {@code FairnessPolicy}
 * plugin that joins the router's own among the flow-control registrations.
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
    void aPolicyThatPicksNoFlowIsRefused() throws Exception {
        Path file = dir.resolve("Past.java");
        Files.writeString(file, HEAVIEST.replace("Heaviest", "Past").replace("return best;", "return flows;"));
        CliHarness bad = CliHarness.run("simulate", "--workload", "system-prompts", "--qps", "140", "--duration", "40", "--plug",
                "fairness=" + file);
        assertThat(bad.exit()).isNotZero();
        assertThat(bad.err()).contains("a pick is an index in [0, ").doesNotContain("\tat ");
    }

    @Test
    void aFairnessPolicyExportsProvedAndIntoARouterCheckoutAndTheRoutersOwnIsConfiguredInstead() throws Exception {
        CliHarness shipped = CliHarness.run("export", "--policy", "round-robin", "--out", dir.resolve("x").toString());
        assertThat(shipped.exit()).isNotZero();
        assertThat(shipped.err()).contains("set fairnessPolicyRef: round-robin-fairness-policy on the priority bands");

        Path out = dir.resolve("light");
        String policy = "weighted-fair:queuePermille=500,repeatPenalty=300";
        CliHarness h = CliHarness.run("export", "--policy", policy, "--name", "light-first", "--out", out.toString());
        assertThat(h.exit()).as(h.err()).isZero();
        assertThat(h.out()).contains("as the fairness policy light-first-fairness (package lightfirst, 33 golden picks)");
        assertThat(out.resolve("lightfirst/fairness.go")).content()
                .contains("func (p *policy) Pick(_ context.Context, band fwkfc.PriorityBandAccessor) (fwkfc.FlowQueueAccessor, error) {")
                .contains("score := 1000*int64(headRank[i]) + 500*int64(queued[i])");
        assertThat(out.resolve("lightfirst/testdata/golden_vectors.json")).content().contains("\"name\": \"tenant-names\"")
                .contains("\"want\": \"tenant-a\"");
        assertThat(out.resolve("lightfirst/epp-config.yaml")).content().contains("    fairnessPolicyRef: light-first-fairness\n");
        assertThat(out.resolve("RUNBOOK.md")).content().contains("`fairnessPolicyRef` back to `global-strict-fairness-policy`");
        GoToolchain.assertProved(h);

        Path stub = RouterFixture.usageLimitStub(dir);
        Path router = RouterFixture.create(dir.resolve("router"), stub, out);
        CliHarness placed = CliHarness.run("export", "--policy", policy, "--name", "light-first", "--out", dir.resolve("placed").toString(),
                "--router", router.toString());
        assertThat(placed.exit()).as(placed.out() + placed.err()).isZero();
        String runner = Files.readString(router.resolve("cmd/epp/runner/runner.go"));
        assertThat(runner).contains("\"github.com/llm-d/llm-d-router/pkg/epp/framework/plugins/flowcontrol/fairness/lightfirst\"")
                // beside the router's global-strict, among the flow-control Alpha lines
                .containsPattern("GlobalStrictFairnessPolicyFactory\\)\\n(.*\\n)*?\\t// Alpha\\n(\\t.*\\n)*?"
                        + "\\tfwkplugin.Register\\(lightfirst.FairnessType, fwkplugin.StabilityAlpha, lightfirst.Factory\\)\\n");
        assertThat(dir.resolve("placed/PR_DESCRIPTION.md")).content().contains("an Alpha fairness policy for flow control");
        GoToolchain.vetAndTest(router);
    }
}
