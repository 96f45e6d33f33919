package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EvaluateCommandTest {

    @Test
    void jsonCarriesPerScenarioDeltasWithIntervalsAndTheScore() throws Exception {
        CliHarness h = CliHarness.run("evaluate", "--policy", "soft-reflective-ceiling", "--split", "search", "--seeds", "2",
                "--duration", "180", "--replicates", "300", "--variants", "nominal", "--json");
        assertThat(h.exit()).as(h.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(h.out());
        assertThat(j.get("scenarios")).hasSize(7);
        assertThat(j.get("variants")).hasSize(1);
        assertThat(j.get("variants").get(0).get("variant").asText()).isEqualTo("nominal");
        for (JsonNode s : j.get("scenarios")) {
            assertThat(s.get("workload").asText()).isNotBlank();
            assertThat(s.get("qps").asDouble()).isPositive();
            JsonNode ttft = s.get("metrics").get("critical_ttft_p99");
            assertThat(ttft.get("unit").asText()).isEqualTo("ms");
            assertThat(ttft.get("baseline").asDouble()).isPositive();
            assertThat(ttft.get("candidate").asDouble()).isPositive();
            assertThat(ttft.get("ci_low").asDouble()).isLessThanOrEqualTo(ttft.get("ci_high").asDouble());
            assertThat(s.get("metrics").get("output_tokens_per_s").get("unit").asText()).isEqualTo("tokens/s");
            assertThat(s.get("objective").get("verdict").asText()).isIn("better", "worse", "no-difference");
        }
        JsonNode score = j.get("score");
        assertThat(score.get("objective").asText()).isEqualTo("critical-ttft");
        assertThat(score.get("change").asDouble()).isNegative();
        assertThat(score.get("ci_low").asDouble()).isLessThan(score.get("ci_high").asDouble());
        // one naming scheme: no unit glued to the wrong metric, no scientific notation
        assertThat(h.out()).doesNotContain("tokens_per_s_ms").doesNotContain("\"delta\"").doesNotContainPattern("[0-9]E[+-]?[0-9]");
        assertThat(score.get("constraints").get("no-harm-under-capacity").get("pass").asBoolean()).isTrue();
        assertThat(score.get("constraints").has("no-starvation")).isTrue();
        assertThat(score.get("constraints").has("no-added-drops")).isTrue();
    }

    @Test
    void everyVariantOfTheMatrixIsReportedWithItsOwnVerdict() throws Exception {
        CliHarness h = CliHarness.run("evaluate", "--policy", "soft-reflective-ceiling", "--split", "search", "--seeds", "2",
                "--duration", "180", "--replicates", "300", "--json");
        assertThat(h.exit()).as(h.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(h.out());
        int variants = j.get("variants").size();
        assertThat(variants).isGreaterThan(1);
        assertThat(j.get("scenarios")).hasSize(7 * variants);
        assertThat(j.get("promotion_rule").asText()).isEqualTo("somewhere");
        for (JsonNode v : j.get("variants")) {
            assertThat(v.get("verdict").asText()).isIn("better", "worse", "no-difference");
            assertThat(v.has("constraints_hold")).isTrue();
        }
        CliHarness table = CliHarness.run("evaluate", "--policy", "soft-reflective-ceiling", "--split", "search", "--seeds", "2",
                "--duration", "180", "--replicates", "300", "--variants", "nominal,decode-slow");
        assertThat(table.exit()).as(table.err()).isZero();
        assertThat(table.out()).contains("variant decode-slow (decode speed x 0.85)").contains("rule      better under at least 1 variant, worse under none and in no contended scenario");
        CliHarness bad = CliHarness.run("evaluate", "--policy", "soft-reflective-ceiling", "--variants", "nope");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("has no variant 'nope'");
    }

    @Test
    void tableShowsVerdictsConstraintsAndPromotion() {
        CliHarness h = CliHarness.run("evaluate", "--policy", "priority-holdback:minCeiling=0", "--split", "search", "--seeds", "2",
                "--duration", "120", "--replicates", "200");
        assertThat(h.exit()).as(h.err()).isZero();
        assertThat(h.out()).contains("constraint  no-harm-under-capacity   FAIL").contains("promotable  no");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "unknown objective | --policy soft-reflective-ceiling --objective speed | unknown objective 'speed'",
            "unknown split     | --policy soft-reflective-ceiling --split train     | unknown split 'train'",
            "unknown matrix    | --policy soft-reflective-ceiling --matrix huge     | unknown matrix 'huge'",
            "zero seeds        | --policy soft-reflective-ceiling --seeds 0         | --seeds must be at least 1",
            "bad confidence    | --policy soft-reflective-ceiling --confidence 2    | confidence must be in",
            "unknown policy    | --policy fifo                                      | unknown policy 'fifo'",
    })
    void badInputIsOneClearLine(String label, String args, String expected) {
        CliHarness h = CliHarness.run(("evaluate " + args.trim()).split("\\s+"));
        assertThat(h.exit()).isEqualTo(2);
        assertThat(h.err()).startsWith("nous: ").contains(expected).doesNotContain("\tat ");
    }
}
