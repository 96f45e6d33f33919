package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SimulateCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode json(String... args) throws Exception {
        CliHarness h = CliHarness.run(args);
        assertThat(h.exit()).as(h.err()).isZero();
        return JSON.readTree(h.out());
    }

    @Test
    void jsonHasTheDocumentedKeys() throws Exception {
        JsonNode j = json("simulate", "--workload", "code-generation", "--qps", "10", "--seed", "3", "--duration", "60", "--json");
        for (String key : new String[] {"workload", "qps", "seed", "policy", "simulated_seconds", "wall_seconds"}) {
            assertThat(j.has(key)).as(key).isTrue();
        }
        assertThat(j.get("workload").asText()).isEqualTo("code-generation");
        assertThat(j.get("policy").asText()).isEqualTo("static-usage-limit");
        assertThat(j.get("seed").asLong()).isEqualTo(3);
        for (String cls : new String[] {"critical", "sheddable"}) {
            JsonNode c = j.get("classes").get(cls);
            for (String key : new String[] {"ttft_p50_ms", "ttft_p99_ms", "e2e_p99_ms", "throughput_rps", "completed", "dropped", "arrived"}) {
                assertThat(c.has(key)).as(cls + "." + key).isTrue();
            }
            assertThat(c.get("completed").asLong()).isPositive();
        }
    }

    @Test
    void aRateNoRunCouldSimulateIsRefusedUpFrontInOneLine() {
        // --qps 1e12 once ran for ten minutes without a word; 1e7 grew to 2.4 GB in a minute
        for (String[] a : new String[][] {{"--qps", "1e12"}, {"--qps", "1e7", "--duration", "60"}}) {
            String[] args = new String[a.length + 5];
            System.arraycopy(new String[] {"simulate", "--workload", "code-generation", "--policy", "static-usage-limit"}, 0, args, 0, 5);
            System.arraycopy(a, 0, args, 5, a.length);
            CliHarness h = CliHarness.run(args);
            assertThat(h.exit()).isEqualTo(2);
            assertThat(h.err().strip().lines()).hasSize(1);
            assertThat(h.err()).contains("arrivals; one run simulates at most 4,000,000").contains("--qps").doesNotContain("Exception");
        }
        // the largest accepted rate still runs
        CliHarness ok = CliHarness.run("simulate", "--workload", "code-generation", "--policy", "static-usage-limit", "--qps", "4000",
                "--duration", "60");
        assertThat(ok.exit()).as(ok.err()).isZero();
    }

    @Test
    void identicalSeedsGiveIdenticalJson() throws Exception {
        String[] args = {"simulate", "--workload", "interactive-chat", "--qps", "60", "--seed", "9", "--duration", "90",
                "--policy", "soft-reflective-ceiling", "--json"};
        ObjectNode a = (ObjectNode) json(args);
        ObjectNode b = (ObjectNode) json(args);
        a.remove("wall_seconds");
        b.remove("wall_seconds");
        assertThat(JSON.writeValueAsString(b)).isEqualTo(JSON.writeValueAsString(a));
        args[6] = "10";
        ObjectNode c = (ObjectNode) json(args);
        c.remove("wall_seconds");
        assertThat(JSON.writeValueAsString(c)).isNotEqualTo(JSON.writeValueAsString(a));
    }

    @Test
    void tableNamesTheScenarioAndBothClasses() {
        CliHarness h = CliHarness.run("simulate", "--workload", "reasoning", "--qps", "0.2", "--duration", "120",
                "--policy", "priority-holdback:minCeiling=0.5");
        assertThat(h.exit()).isZero();
        assertThat(h.out()).contains("reasoning @ 0.2 qps on 2 pods").contains("priority-holdback:minCeiling=0.5")
                .contains("critical").contains("sheddable").contains("saturation");
    }

    @Test
    void admissionModesRun() throws Exception {
        JsonNode legacy = json("simulate", "--workload", "balanced", "--qps", "90", "--duration", "60", "--admission", "legacy", "--json");
        assertThat(legacy.get("flow_control").asBoolean()).isFalse();
        assertThat(legacy.get("admission").asText()).isEqualTo("legacy");
        assertThat(legacy.get("pods").asInt()).isEqualTo(4);
        JsonNode prob = json("simulate", "--workload", "balanced", "--qps", "90", "--duration", "60",
                "--admission", "probabilistic-admitter", "--json");
        assertThat(prob.get("classes").get("sheddable").get("admission_rejected").asLong()).isPositive();
        assertThat(prob.get("classes").get("critical").get("admission_rejected").asLong()).isZero();
    }

    private static final String DETECTOR = """
            import io.nous.sim.spi.SaturationDetector;

            public final class QueueOrLease implements SaturationDetector {
                @Override
                public double saturation(int endpoints, int[] waiting, int[] running, double[] kvUsage, long[] metricsAgeUs,
                                         int[] inFlightRequests, long[] inFlightTokens) {
                    if (endpoints == 0) {
                        return 1.0;
                    }
                    double sum = 0;
                    for (int i = 0; i < endpoints; i++) {
                        sum += Math.max(Math.max(waiting[i], inFlightRequests[i] - running[i]) / 6.0, kvUsage[i] / 0.9);
                    }
                    return sum / endpoints;
                }
            }
            """;

    /** A run's outcomes without what names the detector or measures this machine. */
    private static JsonNode outcomes(JsonNode j) {
        ObjectNode o = ((ObjectNode) j.deepCopy());
        o.remove("detector");
        o.remove("wall_seconds");
        return o;
    }

    @Test
    void aDetectorPolicyReadsThePoolInPlaceOfTheScenariosDetector(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        String[] cell = {"simulate", "--workload", "code-generation", "--qps", "14", "--pods", "2", "--seed", "4", "--duration", "120",
            "--policy", "soft-reflective-ceiling", "--json"};
        JsonNode builtIn = json(concat(cell, "--detector", "utilization"));
        JsonNode plugged = json(concat(cell, "--detector", "utilization-detector"));
        assertThat(plugged.get("detector").asText()).isEqualTo("utilization-detector");
        assertThat(outcomes(plugged)).isEqualTo(outcomes(builtIn));
        JsonNode credited = json(concat(cell, "--detector", "utilization", "--inflight-credit"));
        assertThat(outcomes(json(concat(cell, "--detector", "utilization-detector:inflightCredit=true")))).isEqualTo(outcomes(credited));
        assertThat(outcomes(credited)).isNotEqualTo(outcomes(builtIn));
        // a .java detector runs the same in this JVM and in an isolated worker
        java.nio.file.Path file = dir.resolve("QueueOrLease.java");
        java.nio.file.Files.writeString(file, DETECTOR);
        JsonNode here = json(concat(cell, "--detector", file.toString()));
        assertThat(here.get("detector").asText()).isEqualTo("QueueOrLease (QueueOrLease.java)");
        assertThat(outcomes(here)).isNotEqualTo(outcomes(builtIn));
        // (a worker names the usage-limit policy by its class, as --isolate always has)
        ObjectNode isolated = (ObjectNode) outcomes(json(concat(cell, "--detector", file.toString(), "--isolate")));
        assertThat(isolated.put("policy", "soft-reflective-ceiling")).isEqualTo(outcomes(here));
        // other commands run the built-in detectors and say so
        CliHarness evaluate = CliHarness.run("capacity", "--workload", "code-generation", "--detector", "lease-detector");
        assertThat(evaluate.exit()).isEqualTo(2);
        assertThat(evaluate.err()).contains("runs the built-in detectors").doesNotContain("Exception");
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "unknown workload  | --workload chat --qps 10                      | unknown workload 'chat'",
            "unknown policy    | --workload reasoning --qps 1 --policy fifo    | unknown policy 'fifo'",
            "zero qps          | --workload reasoning --qps 0                  | --qps must be a positive number",
            "negative qps      | --workload reasoning --qps -3                 | --qps must be a positive number",
            "zero pods         | --workload reasoning --qps 1 --pods 0         | --pods must be at least 1",
            "duration not num  | --workload reasoning --qps 1 --duration ten   | '--duration': 'ten'",
            "negative duration | --workload reasoning --qps 1 --duration -5    | --duration must be a positive number",
            "qps not a number  | --workload reasoning --qps fast               | '--qps': 'fast'",
            "missing qps       | --workload reasoning                          | --qps is required with --workload",
            "unknown detector  | --workload reasoning --qps 1 --detector magic | unknown detector 'magic'",
            "unknown profile   | --workload reasoning --qps 1 --profile a100   | unknown cost profile 'a100'",
            "bad policy param  | --workload reasoning --qps 1 --policy soft-reflective-ceiling:x=1 | unknown parameter 'x'",
            "admission as ulp  | --workload reasoning --qps 1 --policy probabilistic-admitter | is an admission policy",
            "unknown option    | --workload reasoning --qps 1 --turbo          | Unknown option: '--turbo'",
            "usage limit as detector | --workload reasoning --qps 1 --detector soft-reflective-ceiling | unknown detector 'soft-reflective-ceiling'",
            "detector as usage limit | --workload reasoning --qps 1 --policy utilization-detector | is a saturation detector, not a usage-limit policy",
            "credit beside a policy | --workload reasoning --qps 1 --detector lease-detector --inflight-credit | a detector policy has its own",
            "bad detector param | --workload reasoning --qps 1 --detector utilization-detector:inflightCredit=yes | inflightCredit must be true or false",
    })
    void badInputIsOneClearLineAndExitTwo(String label, String args, String expected) {
        CliHarness h = CliHarness.run(("simulate " + args.trim()).split("\\s+"));
        assertThat(h.exit()).isEqualTo(2);
        assertThat(h.out()).isEmpty();
        assertThat(h.err()).startsWith("nous: ").contains(expected);
        assertThat(h.err().strip().lines().count()).isEqualTo(1);
        assertThat(h.err()).doesNotContain("\tat ").doesNotContain("Exception");
    }
}
