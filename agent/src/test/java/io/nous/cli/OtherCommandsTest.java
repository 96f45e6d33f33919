package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class OtherCommandsTest {

    @Test
    void benchReportsSpeedPerStandardScenarioAndOverall() throws Exception {
        CliHarness h = CliHarness.run("bench", "--duration", "30", "--repeat", "1", "--json");
        assertThat(h.exit()).as(h.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(h.out());
        // the nine standard scenarios, then the prefix-heavy one
        assertThat(j.get("scenarios")).hasSize(10);
        assertThat(j.get("scenarios").get(0).get("scenario").asText()).isEqualTo("code-generation@4");
        assertThat(j.get("scenarios").get(9).get("scenario").asText()).isEqualTo("system-prompts@40");
        assertThat(j.get("overall").get("prefix_heavy_speedup").asDouble()).isPositive();
        for (JsonNode row : j.get("scenarios")) {
            assertThat(row.get("speedup").asDouble()).isPositive();
            assertThat(row.get("events_per_second").asDouble()).isPositive();
        }
        assertThat(j.get("overall").get("speedup").asDouble()).isPositive();
    }

    @Test
    void policiesListsAndShowsSources() {
        CliHarness list = CliHarness.run("policies");
        assertThat(list.out()).contains("static-usage-limit", "priority-holdback", "soft-reflective-ceiling", "probabilistic-admitter");
        CliHarness one = CliHarness.run("policies", "soft-reflective-ceiling", "--source");
        assertThat(one.out()).startsWith("package io.nous.policy.templates;").contains("Math.round(s / (1 - s + 1e-9))");
    }

    @Test
    void profilesShowTheirSources() {
        CliHarness h = CliHarness.run("profiles", "h100-qwen3-14b");
        assertThat(h.exit()).isZero();
        assertThat(h.out()).contains("gemm_mfu_curve").contains("decode_runtime_efficiency").contains("GPUStack")
                .doesNotContain("Roofline[");
    }

    @Test
    void workloadsListThePresets() {
        assertThat(CliHarness.run("workloads").out()).contains("code-generation", "interactive-chat", "reasoning", "blindspot");
    }

    @Test
    void noArgumentsPrintsUsage() {
        CliHarness h = CliHarness.run();
        assertThat(h.exit()).isZero();
        assertThat(h.out()).contains("simulate").contains("bench");
    }
}
