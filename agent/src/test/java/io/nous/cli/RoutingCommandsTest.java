package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** 'nous simulate' with a router config, a plain Service and the inference-sim engine: one lab cell per command. */
class RoutingCommandsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] LAB = {"simulate", "--workload", "lab-16-tenants", "--pod-engine", "inference-sim", "--engine-args",
            "lab-inference-sim", "--pods", "8", "--json"};

    private static JsonNode json(String... args) throws Exception {
        CliHarness h = CliHarness.run(args);
        assertThat(h.exit()).as(h.err()).isZero();
        return JSON.readTree(h.out());
    }

    private static String[] lab(String... more) {
        String[] out = new String[LAB.length + more.length];
        System.arraycopy(LAB, 0, out, 0, LAB.length);
        System.arraycopy(more, 0, out, LAB.length, more.length);
        return out;
    }

    @Test
    void evaluateMeasuresAScorerFileBehindOneConfigAgainstAnother(@TempDir Path dir) throws Exception {
        Path scorer = dir.resolve("Sticky.java");
        Files.writeString(scorer, """
                import io.nous.sim.spi.RoutingScorer;

                public final class Sticky implements RoutingScorer {
                    @Override
                    public double score(long promptTokens, double prefixMatch, long uncachedTokens, long inFlightTokens, int inFlightRequests,
                                        int maxInFlightRequests, int waiting, int running, double kvUsage) {
                        double load = inFlightRequests == 0 ? 1.0 : (double) (maxInFlightRequests - inFlightRequests) / maxInFlightRequests;
                        return ((inFlightRequests < 4 && prefixMatch >= 0.8 ? 1.0 : 0.0) + 0.5 * load) / 1.5;
                    }
                }
                """);
        String matrix = TestMatrices.routing(dir).toString();
        CliHarness h = CliHarness.run("evaluate", "--policy", "static-usage-limit", "--epp-config", "lab-scorer", "--scorer", scorer.toString(),
                "--baseline-epp-config", "lab-defaults", "--matrix", matrix, "--objective", "routing-ttft", "--split", "search",
                "--variants", "bytes-4", "--threads", "2", "--json");
        assertThat(h.exit()).as(h.err()).isZero();
        JsonNode score = new ObjectMapper().readTree(h.out()).get("score");
        // the lab's hot tenant no longer piles onto one pod
        assertThat(score.get("verdict").asText()).isEqualTo("better");
        // the table names the routing on each side and compares the objective's TTFT p90 per scenario, not critical TTFT p99
        CliHarness table = CliHarness.run("evaluate", "--policy", "static-usage-limit", "--epp-config", "lab-scorer", "--scorer", scorer.toString(),
                "--baseline-epp-config", "lab-defaults", "--matrix", matrix, "--objective", "routing-ttft", "--split", "search",
                "--variants", "bytes-4", "--threads", "2");
        assertThat(table.exit()).as(table.err()).isZero();
        assertThat(table.out()).startsWith("scorer " + scorer.getFileName() + " in router config lab-scorer vs router config lab-defaults on matrix")
                .contains("base p90   cand p90").contains("(TTFT, every request)").doesNotContain("critical TTFT")
                .containsPattern("lab-hot-tenant\\S* +search +\\S+ +\\d+ms +\\d+ms +-\\d");
        CliHarness alone = CliHarness.run("evaluate", "--policy", "static-usage-limit", "--scorer", scorer.toString(), "--matrix", matrix);
        assertThat(alone.exit()).isEqualTo(2);
        assertThat(alone.err()).contains("--scorer needs --epp-config");
        CliHarness wrong = CliHarness.run("evaluate", "--policy", "static-usage-limit", "--epp-config", "lab-scorer", "--scorer",
                "static-usage-limit", "--matrix", matrix);
        assertThat(wrong.exit()).isEqualTo(2);
        assertThat(wrong.err()).contains("--scorer: ").contains("not a routing scorer");
        CliHarness missing = CliHarness.run("evaluate", "--policy", "static-usage-limit", "--epp-config", "no-such.yaml", "--matrix", matrix);
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err()).startsWith("nous: --epp-config: ");
    }

    @Test
    void oneLabCellReportsTheRunAndEachPod() throws Exception {
        JsonNode j = json(lab("--epp-config", "lab-defaults"));
        assertThat(j.get("routing").asText()).isEqualTo("lab-defaults");
        assertThat(j.get("engine").asText()).isEqualTo("inference-sim");
        assertThat(j.get("flow_control").asBoolean()).as("no flowControl gate in the lab's config").isFalse();
        for (String key : new String[] {"prefix_cache_hit_rate", "ttft_p50_ms", "ttft_p90_ms", "ttft_p99_ms", "throughput_rps"}) {
            assertThat(j.get(key).isNumber()).as(key).isTrue();
        }
        long requests = 0;
        for (JsonNode p : j.get("pod_stats")) {
            requests += p.get("requests").asLong();
            assertThat(p.get("tenants").asInt()).isBetween(0, 16);
        }
        assertThat(requests).isEqualTo(320);
    }

    @Test
    void severalConfigsRunSideBySideOnTheSameRequests() throws Exception {
        JsonNode all = json(lab("--epp-config", "lab-defaults", "--epp-config", "lab-decode"));
        assertThat(all.isArray()).isTrue();
        assertThat(all.get(0).get("routing").asText()).isEqualTo("lab-defaults");
        assertThat(all.get(1).get("routing").asText()).isEqualTo("lab-decode");
        JsonNode service = json(lab("--routing", "service"));
        assertThat(service.get("routing").asText()).isEqualTo("service");
        assertThat(service.get("prefix_cache_hit_rate").asDouble()).isLessThan(all.get(0).get("prefix_cache_hit_rate").asDouble());
    }

    @Test
    void anOperatorsConfigFileIsRead(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("epp.yaml");
        Files.writeString(f, """
                apiVersion: llm-d.ai/v1alpha1
                kind: EndpointPickerConfig
                plugins:
                  - type: queue-scorer
                  - type: random-picker
                schedulingProfiles:
                  - name: default
                    plugins:
                      - pluginRef: queue-scorer
                        weight: 1
                      - pluginRef: random-picker
                """);
        JsonNode j = json(lab("--epp-config", f.toString()));
        assertThat(j.get("routing").asText()).isEqualTo(f.toString());
    }

    @Test
    void aBadConfigNamesItsFileLineAndKey(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("bad.yaml");
        Files.writeString(f, "plugins:\n  - type: token-load-scorer\n    parameters:\n      queueThreshold: 10\n");
        CliHarness h = CliHarness.run(lab("--epp-config", f.toString()));
        assertThat(h.exit()).isEqualTo(2);
        assertThat(h.err()).startsWith("nous: " + f + ":4: unknown parameter of 'token-load-scorer' 'queueThreshold'");
        assertThat(h.err().strip().lines().count()).isEqualTo(1);
        Path args = dir.resolve("args.yaml");
        Files.writeString(args, "- --max-num-seqs=4\n- --turbo=on\n");
        CliHarness e = CliHarness.run("simulate", "--workload", "lab-16-tenants", "--pod-engine", "inference-sim", "--engine-args",
                args.toString());
        assertThat(e.exit()).isEqualTo(2);
        assertThat(e.err()).isEqualTo("nous: " + args + ":2: unknown flag --turbo for llm-d-inference-sim\n");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "unknown config     | --epp-config nowhere.yaml                          | nowhere.yaml: no such file, and not a shipped config",
            "service and config | --routing service --epp-config lab-defaults        | --routing service has no router to configure",
            "bad routing        | --routing mesh                                     | --routing must be epp or service",
            "bad engine         | --pod-engine tgi                                   | --pod-engine must be vllm or inference-sim",
            "args without sim   | --engine-args lab-inference-sim                    | --engine-args configures --pod-engine inference-sim",
            "gate and flag      | --epp-config lab-defaults --no-flow-control        | decides flow control with its featureGates",
            "bytes per token    | --prompt-bytes-per-token 0                         | --prompt-bytes-per-token must be a positive number",
    })
    void badRoutingFlagsAreOneLineAndExitTwo(String label, String args, String expected) {
        CliHarness h = CliHarness.run(("simulate --workload lab-trace-12 " + args.trim()).split("\\s+"));
        assertThat(h.exit()).isEqualTo(2);
        assertThat(h.err()).startsWith("nous: ").contains(expected);
        assertThat(h.err().strip().lines().count()).isEqualTo(1);
    }

    @Test
    void anotherCommandTakesOneConfig() {
        CliHarness h = CliHarness.run("capacity", "--workload", "lab-trace-12", "--epp-config", "lab-defaults", "--epp-config", "lab-decode");
        assertThat(h.exit()).isEqualTo(2);
        assertThat(h.err()).contains("give one --epp-config");
        CliHarness c = CliHarness.run("capacity", "--workload", "lab-16-tenants");
        assertThat(c.exit()).isEqualTo(2);
        assertThat(c.err()).contains("is sent by closed-loop users, not at a rate");
    }

    @Test
    void aRoutingScorerCandidateScoresInTheConfigsPlace(@TempDir Path dir) throws Exception {
        JsonNode builtIn = json(lab("--epp-config", "lab-decode"));
        JsonNode seed = json(lab("--epp-config", "lab-decode", "--scorer", "active-request"));
        assertThat(seed.get("routing").asText()).isEqualTo("lab-decode scored by active-request");
        assertThat(seed.get("throughput_rps")).isEqualTo(builtIn.get("throughput_rps"));
        Path f = dir.resolve("Balanced.java");
        Files.writeString(f, """
                import io.nous.sim.spi.RoutingScorer;

                public final class Balanced implements RoutingScorer {
                    @Override
                    public double score(long promptTokens, double prefixMatch, long uncachedTokens, long inFlightTokens, int inFlightRequests,
                                        int maxInFlightRequests, int waiting, int running, double kvUsage) {
                        return 0.5 * prefixMatch + 0.5 / (1 + inFlightRequests);
                    }
                }
                """);
        JsonNode candidate = json(lab("--scorer", f.toString()));
        assertThat(candidate.get("routing").asText()).isEqualTo("default scored by Balanced (Balanced.java)");
        com.fasterxml.jackson.databind.node.ObjectNode here = (com.fasterxml.jackson.databind.node.ObjectNode) json(lab("--scorer", f.toString()));
        com.fasterxml.jackson.databind.node.ObjectNode isolated = (com.fasterxml.jackson.databind.node.ObjectNode)
                json(lab("--scorer", f.toString(), "--isolate"));
        here.remove("wall_seconds");
        isolated.remove("wall_seconds");
        // --isolate names the built-in usage-limit policy by its class, as it always has
        here.remove("policy");
        isolated.remove("policy");
        assertThat(isolated).as("the candidate run in a worker JVM routes exactly as in process").isEqualTo(here);
        CliHarness check = CliHarness.run("check", f.toString());
        assertThat(check.exit()).as(check.err()).isZero();
        assertThat(check.out()).contains("accepted: routing policy Balanced").contains("from cold to fully cached");
        CliHarness wrong = CliHarness.run(lab("--scorer", "probabilistic-admitter"));
        assertThat(wrong.exit()).isEqualTo(2);
        assertThat(wrong.err()).contains("is an admission policy, not a routing scorer");
    }
}
