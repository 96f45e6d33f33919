package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkloadsAndCalibrationTest {
    @TempDir
    Path dir;

    @Test
    void calibrateRecoversKnownCoefficientsAndItsProfileRuns() throws Exception {
        Random rnd = new Random(11);
        StringBuilder csv = new StringBuilder("prefill_tokens,decode_seqs,context_tokens,step_us\r\n");
        for (int i = 0; i < 500; i++) {
            int p = rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(8192);
            int d = rnd.nextInt(256);
            double t = 12_000 + 60.0 * p + 30.0 * d;
            csv.append(String.format(Locale.ROOT, "%d,%d,%d,%.1f\r\n", p, d, d * 900, t * (1 + 0.02 * rnd.nextGaussian())));
        }
        Path steps = Files.writeString(dir.resolve("steps.csv"), csv.toString());
        Path out = dir.resolve("mine.yaml");
        CliHarness h = CliHarness.run("calibrate", "--steps", steps.toString(), "--out", out.toString(), "--name", "mine");
        assertThat(h.exit()).as(h.err()).isZero();
        assertThat(h.out()).contains("R² 0.9").contains("|residual| p50");
        String yaml = Files.readString(out);
        assertThat(yaml).contains("kind: linear").contains("beta1_us_per_prefill_token");
        // every step reads the same context per sequence here: the context term cannot be told apart from decode
        assertThat(h.out()).contains("decode context is not identifiable");
        assertThat(yaml).doesNotContain("beta3_us_per_decode_context_token");
        double beta1 = Double.parseDouble(yaml.replaceAll("(?s).*beta1_us_per_prefill_token: ([0-9.]+).*", "$1"));
        double beta0 = Double.parseDouble(yaml.replaceAll("(?s).*beta0_us: ([0-9.]+).*", "$1"));
        assertThat(beta1).isCloseTo(60.0, within(1.2));
        assertThat(beta0).isCloseTo(12_000, within(12_000 * 0.05));
        CliHarness sim = CliHarness.run("simulate", "--workload", "code-generation", "--qps", "4", "--duration", "60", "--profile",
                out.toString(), "--json");
        assertThat(sim.exit()).as(sim.err()).isZero();
        assertThat(new ObjectMapper().readTree(sim.out()).get("cost_profile").asText()).isEqualTo("mine");
    }

    @Test
    void calibrateFromBenchmarkSummaries() throws Exception {
        Path b = Files.writeString(dir.resolve("bench.yaml"), """
                prefill:
                  - {prompt_tokens: 2000, tokens_per_s: 10000}
                  - {prompt_tokens: 4000, tokens_per_s: 10000}
                decode:
                  - {batch: 1, itl_ms: 13.0}
                  - {batch: 64, itl_ms: 15.52}
                  - {batch: 128, itl_ms: 18.08}
                """);
        CliHarness h = CliHarness.run("calibrate", "--benchmarks", b.toString(), "--out", dir.resolve("b.yaml").toString());
        assertThat(h.exit()).as(h.err()).isZero();
        assertThat(h.out()).contains("step = 12960.0 us + 100.000 us x prefill tokens + 40.000 us x decode");
        CliHarness bad = CliHarness.run("calibrate", "--benchmarks", dir.resolve("nope.yaml").toString(), "--out", "x.yaml");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("no such file");
    }

    @Test
    void capacityPlacesTheThreePresetsInsideTheStudysRegimes() throws Exception {
        double cg = capacity("code-generation");
        double chat = capacity("interactive-chat");
        double reasoning = capacity("reasoning");
        // the study on 2 pods: cg 10 under / 16 saturates; chat 60 under / 80 clearly above;
        // reasoning 0.2 under / 0.7 saturated. Not on the edge of either bound.
        assertThat(cg).isBetween(10.5, 15.5);
        assertThat(chat).isBetween(63.0, 77.0);
        assertThat(reasoning).isBetween(0.25, 0.65);
    }

    @Test
    void everyAdmissionScenarioSitsInItsRegimeAsAShareOfTheSimulatedCapacity() throws Exception {
        // the admission matrix rescales the study's QPS to this simulator's capacity; its regimes say where each point lands
        Map<String, Double> capacity = new HashMap<>();
        for (io.nous.evaluator.scenario.MatrixEntry e : io.nous.evaluator.scenario.MatrixCatalog.load("admission").entries(null)) {
            double c = capacity.computeIfAbsent(e.workload(), w -> {
                try {
                    CliHarness h = CliHarness.run("capacity", "--workload", w, "--pods", "4", "--no-flow-control", "--precision", "0.03",
                            "--json");
                    assertThat(h.exit()).as(h.err()).isZero();
                    return new ObjectMapper().readTree(h.out()).get("capacity_qps").asDouble();
                } catch (Exception x) {
                    throw new AssertionError(x);
                }
            });
            double share = e.qps() / c;
            switch (e.regime()) {
                case UNDER -> assertThat(share).as(e.label()).isBetween(0.5, 0.8);
                case NEAR -> assertThat(share).as(e.label()).isBetween(0.9, 1.5);
                default -> assertThat(share).as(e.label()).isGreaterThan(1.5);
            }
        }
        assertThat(capacity).containsOnlyKeys("balanced", "code-completion", "chatbot", "blindspot");
    }

    @Test
    void calibrateFitsTheMeasuredH200StepsInBothModes() throws Exception {
        String steps = Path.of("..", "sim-bridge", "measurements", "h200-steps", "steps_h200.csv").toString();
        CliHarness lin = CliHarness.run("calibrate", "--steps", steps, "--out", dir.resolve("lin.yaml").toString());
        assertThat(lin.exit()).as(lin.err()).isZero();
        assertThat(rSquared(lin.out())).isGreaterThanOrEqualTo(0.99);
        assertThat(lin.out()).contains("beta3_us_per_decode_context_token").contains("line  prefill  decode");
        Path out = dir.resolve("roof.yaml");
        CliHarness roof = CliHarness.run("calibrate", "--steps", steps, "--model", "roofline", "--hardware", "h200-sxm-141gb",
                "--kv-blocks", "32768", "--name", "h200-fit", "--out", out.toString(), "--residuals", dir.resolve("r.csv").toString());
        assertThat(roof.exit()).as(roof.err()).isZero();
        assertThat(rSquared(roof.out())).isGreaterThanOrEqualTo(0.99);
        String yaml = Files.readString(out);
        // the profile says what was measured, not the base profile's hardware
        assertThat(yaml).contains("hardware: h200-sxm-141gb").contains("kv_read_efficiency").doesNotContain("h100-sxm-80gb");
        assertThat(Files.readAllLines(dir.resolve("r.csv"))).hasSize(32);
        CliHarness sim = CliHarness.run("simulate", "--workload", "interactive-chat", "--qps", "20", "--duration", "60", "--profile",
                out.toString(), "--json");
        assertThat(sim.exit()).as(sim.err()).isZero();
        CliHarness unknown = CliHarness.run("calibrate", "--steps", steps, "--hardware", "tpu-v9", "--out", dir.resolve("x.yaml").toString());
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err()).contains("unknown hardware 'tpu-v9'; known: h100-sxm-80gb, h200-sxm-141gb");
    }

    @Test
    void calibrateReportsEveryMalformedRowWithItsLine() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.csv"), "prefill_tokens,decode_seqs,step_us\n0,1,100\n0,two,100\n5,1\n");
        CliHarness h = CliHarness.run("calibrate", "--steps", bad.toString(), "--out", dir.resolve("x.yaml").toString());
        assertThat(h.exit()).isEqualTo(2);
        assertThat(h.err()).contains("line 3: decode_seqs is not a number: 'two'").contains("line 4: expected 3 columns, got 2")
                .doesNotContain("Exception");
        assertThat(Files.exists(dir.resolve("x.yaml"))).isFalse();
    }

    private static double rSquared(String out) {
        return Double.parseDouble(out.replaceAll("(?s).*R² ([0-9.]+).*", "$1"));
    }

    private static double capacity(String workload) throws Exception {
        CliHarness h = CliHarness.run("capacity", "--workload", workload, "--router-version", "study", "--precision", "0.03", "--json");
        assertThat(h.exit()).as(h.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(h.out());
        return j.get("capacity_qps").asDouble();
    }

    @Test
    void simulateTakesASpecOrATraceAndReportsArrivalsPerClass() throws Exception {
        Path spec = Files.writeString(dir.resolve("s.yaml"), """
                aggregate_rate: 10
                priority_map: two-class
                clients:
                  - {id: a, slo_class: critical, rate_fraction: 0.4, arrival: {process: poisson},
                     input_distribution: {type: constant, params: {value: 500}}, output_distribution: {type: constant, params: {value: 50}}}
                  - {id: b, slo_class: sheddable, rate_fraction: 0.6, arrival: {process: constant},
                     input_distribution: {type: constant, params: {value: 800}}, output_distribution: {type: constant, params: {value: 80}}}
                """);
        CliHarness s = CliHarness.run("simulate", "--workload-spec", spec.toString(), "--duration", "120", "--json");
        assertThat(s.exit()).as(s.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(s.out());
        assertThat(j.get("classes").get("critical").get("arrived").asLong()).isPositive();
        assertThat(j.get("classes").get("sheddable").get("arrived").asLong()).isPositive();
        assertThat(j.get("qps").asDouble()).isEqualTo(10);

        Path trace = Files.writeString(dir.resolve("t.jsonl"),
                "{\"arrival_s\": 0, \"input_tokens\": 100, \"output_tokens\": 10, \"priority\": 0}\n"
                        + "{\"arrival_s\": 1, \"input_tokens\": 100, \"output_tokens\": 10, \"priority\": -1}\n"
                        + "{\"arrival_s\": 2, \"input_tokens\": 100, \"output_tokens\": 10, \"priority\": 0}\n");
        CliHarness t = CliHarness.run("simulate", "--trace", trace.toString(), "--warmup", "0", "--json");
        assertThat(t.exit()).as(t.err()).isZero();
        JsonNode tj = new ObjectMapper().readTree(t.out());
        assertThat(tj.get("classes").get("critical").get("arrived").asLong()).isEqualTo(2);
        assertThat(tj.get("classes").get("sheddable").get("completed").asLong()).isEqualTo(1);

        CliHarness both = CliHarness.run("simulate", "--workload", "reasoning", "--trace", trace.toString());
        assertThat(both.exit()).isEqualTo(2);
        assertThat(both.err()).contains("exactly one of --workload, --workload-spec and --trace");
    }
}
