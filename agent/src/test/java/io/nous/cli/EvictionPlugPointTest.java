package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * In-flight eviction from the command line: {@code simulate --eviction} revokes sheddable requests
 * for waiting critical ones and reports it; the router's pair at the plug point runs exactly as the
 * built-in; a candidate file (with {@code @Override} on both methods) runs in process and in a worker
 * JVM alike; a self-preferring one is refused; the flags refuse what would do nothing; a policy
 * exports as one plugin that is both the router's filter and ordering, and the runner builds it in
 * place of the router's pair.
 */
class EvictionPlugPointTest {
    @TempDir
    Path dir;

    private static final String LARGEST = """
            import io.nous.sim.spi.EvictionPolicy;

            /** Sheddable requests only, the largest payload first. */
            public final class Largest implements EvictionPolicy {
                @Override
                public boolean accept(int priority, long dispatchUs, long bytes, long sloTtftMs) {
                    return priority < 0;
                }

                @Override
                public boolean less(int priorityA, long dispatchUsA, long bytesA, long sloTtftMsA, int priorityB, long dispatchUsB,
                                    long bytesB, long sloTtftMsB) {
                    return bytesA > bytesB;
                }
            }
            """;

    private static JsonNode json(CliHarness h) throws Exception {
        assertThat(h.exit()).as(h.err()).isZero();
        return new ObjectMapper().readTree(h.out());
    }

    @Test
    void evictionRevokesSheddableWorkAndTheRoutersPairRunsAsTheBuiltIn() throws Exception {
        String[] base = {"simulate", "--workload", "reasoning", "--qps", "0.7", "--duration", "300", "--json"};
        JsonNode off = json(CliHarness.run(base));
        assertThat(off.has("eviction")).isFalse();
        assertThat(off.get("classes").get("sheddable").has("evicted_in_flight")).isFalse();
        JsonNode on = json(CliHarness.run(concat(base, "--eviction")));
        assertThat(on.get("eviction").get("grace_ms").asDouble()).isEqualTo(500);
        assertThat(on.get("eviction").get("revocations").asLong()).isPositive();
        assertThat(on.get("classes").get("sheddable").get("evicted_in_flight").asLong()).isPositive();
        assertThat(on.get("classes").get("critical").get("evicted_in_flight").asLong()).isZero();
        assertThat(on.get("classes").get("critical").get("ttft_p99_ms").asDouble())
                .isLessThan(off.get("classes").get("critical").get("ttft_p99_ms").asDouble());
        JsonNode plugged = json(CliHarness.run(concat(base, "--eviction", "--plug", "eviction=priority-then-time")));
        assertThat(plugged.get("classes")).isEqualTo(on.get("classes"));
        assertThat(plugged.get("eviction")).isEqualTo(on.get("eviction"));
    }

    @Test
    void aCandidateRunsInProcessAndInAWorkerAlike() throws Exception {
        Path file = dir.resolve("Largest.java");
        Files.writeString(file, LARGEST);
        CliHarness check = CliHarness.run("check", file.toString());
        assertThat(check.exit()).as(check.out() + check.err()).isZero();
        String[] run = {"simulate", "--workload", "reasoning", "--qps", "0.7", "--duration", "300", "--json", "--eviction", "--plug",
                "eviction=" + file};
        JsonNode here = json(CliHarness.run(run));
        JsonNode worker = json(CliHarness.run(concat(run, "--isolate")));
        assertThat(worker.get("classes")).isEqualTo(here.get("classes"));
        assertThat(here.get("eviction").get("policy").asText()).startsWith("Largest");
    }

    @Test
    void whatWouldDoNothingOrBreakTheHeapIsRefused() throws Exception {
        Path file = dir.resolve("Selfish.java");
        Files.writeString(file, LARGEST.replace("Largest", "Selfish").replace("bytesA > bytesB", "bytesA >= bytesB"));
        CliHarness selfish = CliHarness.run("check", file.toString());
        assertThat(selfish.exit()).isNotZero();
        assertThat(selfish.out() + selfish.err()).contains("'less' must be false for equal requests");
        CliHarness noEviction = CliHarness.run("simulate", "--workload", "reasoning", "--qps", "0.7", "--plug", "eviction=priority-then-time");
        assertThat(noEviction.exit()).isNotZero();
        assertThat(noEviction.err()).contains("in-flight eviction is off").doesNotContain("\tat ");
        CliHarness grace = CliHarness.run("simulate", "--workload", "reasoning", "--qps", "0.7", "--eviction", "--eviction-grace", "-1");
        assertThat(grace.exit()).isNotZero();
        assertThat(grace.err()).contains("--eviction-grace must be");
        CliHarness shipped = CliHarness.run("export", "--policy", "priority-then-time", "--out", dir.resolve("x").toString());
        assertThat(shipped.exit()).isNotZero();
        assertThat(shipped.err()).contains("keep the router's own eviction pair");
    }

    @Test
    void anEvictionPolicyExportsProvedAndTheRunnerBuildsItInPlaceOfTheRoutersPair() throws Exception {
        Path out = dir.resolve("old");
        String policy = "weighted-eviction:recencyPermille=-1000,usPerKiB=50";
        CliHarness h = CliHarness.run("export", "--policy", policy, "--name", "oldest-first", "--out", out.toString());
        assertThat(h.exit()).as(h.err()).isZero();
        assertThat(h.out()).contains("as the eviction policy oldest-first-eviction (package oldestfirst, 24 golden pairs)");
        assertThat(out.resolve("oldestfirst/eviction.go")).content()
                .contains("func (p *policy) Accept(item *fwkfc.EvictionItem) bool {")
                .contains("func (p *policy) Less(a, b *fwkfc.EvictionItem) bool {")
                .contains("return dispatchUs/1000*-1000 + bytes/1024*50");
        assertThat(out.resolve("oldestfirst/epp-config.yaml")).content().contains("  enableEviction: true");
        GoToolchain.assertProved(h);

        Path stub = RouterFixture.usageLimitStub(dir);
        Path router = RouterFixture.create(dir.resolve("router"), true, stub, out);
        CliHarness placed = CliHarness.run("export", "--policy", policy, "--name", "oldest-first", "--out", dir.resolve("placed").toString(),
                "--router", router.toString());
        assertThat(placed.exit()).as(placed.out() + placed.err()).isZero();
        String runner = Files.readString(router.resolve("cmd/epp/runner/runner.go"));
        assertThat(runner).contains("\"github.com/llm-d/llm-d-router/pkg/epp/framework/plugins/flowcontrol/eviction/oldestfirst\"")
                .contains("\tfwkplugin.Register(evictordering.PriorityThenTimeOrderingType, fwkplugin.StabilityAlpha, "
                        + "evictordering.PriorityThenTimeOrderingFactory)\n")
                .contains("fwkplugin.Register(oldestfirst.EvictionType, fwkplugin.StabilityAlpha, oldestfirst.Factory)")
                .contains("\torderingPlugin, err := oldestfirst.Factory(oldestfirst.EvictionType, nil, nil)\n")
                .contains("\tfilterPlugin, err := oldestfirst.Factory(oldestfirst.EvictionType, nil, nil)\n")
                .contains("\"filter\", oldestfirst.EvictionType,");
        assertThat(dir.resolve("placed/PR_DESCRIPTION.md")).content()
                .contains("no config field selects another, so this change builds `oldest-first-eviction` there in their place");
        // the runner's test builds the pair: the exported plugin satisfies both of the router's interfaces
        GoToolchain.vetAndTest(router);
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
