package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FidelityCommandTest {

    static final String STUDY = """
            name: tiny
            source: "made up for a test"
            deployment: {hardware: 2 x H100, model: Qwen3-14B, router_version: v0.9}
            baseline: {policy: static-usage-limit}
            treatment: {policy: soft-reflective-ceiling}
            seeds: 1
            duration_seconds: 120
            points:
              - {workload: code-generation, qps: 4, expect: neutral}
              - {workload: code-generation, qps: 16, baseline: 20, treatment: 10}
            unknowns:
              - name: router-view
                settings:
                  - {name: live-metrics, source: "the idealised bound", set: {metric_timing: live}}
                  - {name: inflight-credit, source: "llm-d-router PR #2066", set: {inflight_credit: true}}
            """;

    @Test
    void jsonGivesEverySettingsOutcomeAndTheVerdictsAndTheHtmlPageRenders(@TempDir Path dir) throws Exception {
        Path study = Files.writeString(dir.resolve("tiny.yaml"), STUDY);
        Path html = dir.resolve("fidelity.html");
        CliHarness h = CliHarness.run("fidelity", study.toString(), "--json", "--fit", "baseline", "--html", html.toString());
        assertThat(h.exit()).as(h.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(h.out());
        assertThat(j.get("study").asText()).isEqualTo("tiny");
        assertThat(j.get("settings")).hasSize(3);
        assertThat(j.get("points")).hasSize(2);
        JsonNode hot = j.get("points").get(1);
        assertThat(hot.get("outcomes")).hasSize(3);
        assertThat(hot.get("outcomes").get(0).get("baseline_seconds").asDouble()).isPositive();
        assertThat(hot.get("figures").get(0).get("figure").asText()).isEqualTo("CHANGE");
        assertThat(hot.get("verdict").asText()).isIn("REPRODUCED", "BRACKETED", "OUT_OF_RANGE");
        assertThat(j.get("points").get(0).get("verdict").asText()).isEqualTo("REPRODUCED");
        assertThat(j.get("fit").get("fitted_on").get(0).asText()).isEqualTo("code-generation@16");
        assertThat(j.get("fit").get("predictions")).hasSize(2);
        assertThat(html).exists();
        assertThat(Files.readString(html)).contains("<svg").contains("code-generation@16").contains("Fit on the baseline arm alone");
        BrowserCheck.assertRenders(html, dir.resolve("fidelity.png"));
    }

    @Test
    void theTableNamesEachFiguresVerdictAndOnlyTheAskedSettingsRun(@TempDir Path dir) throws Exception {
        Path study = Files.writeString(dir.resolve("tiny.yaml"), STUDY);
        CliHarness h = CliHarness.run("fidelity", study.toString(), "--settings", "live-metrics", "--points", "code-generation@4");
        assertThat(h.exit()).as(h.err()).isZero();
        assertThat(h.out()).contains("code-generation@4   published: neutral").contains("point: reproduced")
                .contains("live-metrics").doesNotContain("inflight-credit").doesNotContain("code-generation@16")
                .contains("points reproduced (every figure) by setting");
    }

    @Test
    void badInputIsRefusedWithoutAStackTrace(@TempDir Path dir) throws Exception {
        Path study = Files.writeString(dir.resolve("tiny.yaml"), STUDY);
        Path bad = Files.writeString(dir.resolve("bad.yaml"), STUDY.replace("source: \"made up for a test\"\n", ""));
        for (String[] args : new String[][] {
                {"fidelity", bad.toString()},
                {"fidelity", dir.resolve("missing.yaml").toString()},
                {"fidelity", "no-such-study"},
                {"fidelity", study.toString(), "--fit", "treatment"},
                {"fidelity", study.toString(), "--settings", "nope"},
                {"fidelity", study.toString(), "--points", "reasoning@9"},
                {"fidelity", study.toString(), "--seeds", "0"},
                {"fidelity", study.toString(), "--html", dir.resolve("no/such/dir/x.html").toString()}}) {
            CliHarness h = CliHarness.run(args);
            assertThat(h.exit()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(h.err()).as(String.join(" ", args)).startsWith("nous: ").doesNotContain("Exception").doesNotContain("\tat ");
        }
        assertThat(CliHarness.run("fidelity", bad.toString()).err()).contains("bad.yaml: source");
        assertThat(CliHarness.run("fidelity", study.toString(), "--settings", "nope").err()).contains("--settings: study tiny has no setting 'nope'");
        assertThat(CliHarness.run("fidelity", study.toString(), "--points", "reasoning@9").err()).contains("--points: study tiny has no point");
    }
}
