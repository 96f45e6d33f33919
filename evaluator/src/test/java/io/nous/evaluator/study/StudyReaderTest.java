package io.nous.evaluator.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class StudyReaderTest {

    static final String HEAD = """
            name: tiny
            source: "a test"
            deployment: {hardware: 2 x H100, model: Qwen3-14B, router_version: v0.9}
            baseline: {policy: static-usage-limit}
            treatment: {policy: soft-reflective-ceiling}
            """;

    static Study parse(String yaml) {
        return StudyReader.parse(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)), "tiny.yaml");
    }

    @Test
    void theShippedStudyHasItsNinePointsAndEverySettingCitesASourceOrSaysItIsAGuess() {
        Study s = StudyReader.load("soft-reflective-2xh100");
        assertThat(s.points()).extracting(Study.Point::label).containsExactly("code-generation@4", "code-generation@10",
                "code-generation@16", "interactive-chat@20", "interactive-chat@40", "interactive-chat@60", "interactive-chat@80",
                "reasoning@0.2", "reasoning@0.7");
        assertThat(s.points().get(2).publishedChange()).isEqualTo(-0.967);
        assertThat(s.points().get(2).expect()).isEqualTo(Expectation.BETTER);
        assertThat(s.points().get(4).expect()).isEqualTo(Expectation.WORSE);
        assertThat(s.settings().get(0).name()).isEqualTo("nominal");
        assertThat(s.settings()).allSatisfy(x -> assertThat(x.guess() || x.source() != null).isTrue());
        assertThat(s.unknowns()).extracting(Study.Unknown::name).contains("prefill-throughput", "prompt-length-shape", "prefill-chunk",
                "router-view", "run-length", "client-deadline");
        assertThat(s.combinations()).allSatisfy(c -> assertThat(c.unknown()).isEqualTo("combination"));
    }

    @Test
    void aCombinationMergesItsSettingsAndRefusesTwoValuesOfOneUnknown() {
        String unknowns = """
                points:
                  - {workload: code-generation, qps: 4, expect: neutral}
                unknowns:
                  - name: prefill
                    settings:
                      - {name: fast, source: "x", set: {prefill_speed: 1.5}}
                      - {name: faster, source: "y", set: {prefill_speed: 1.7}}
                  - name: view
                    settings:
                      - {name: live, guess: true, set: {metric_timing: live}}
                """;
        Study s = parse(HEAD + unknowns + "combinations:\n  - {of: [fast, live]}\n");
        Study.Setting c = s.combinations().get(0);
        assertThat(c.name()).isEqualTo("fast+live");
        assertThat(c.variant().prefillSpeed()).isEqualTo(1.5);
        assertThat(c.variant().metricTiming()).isEqualTo("live");
        assertThatThrownBy(() -> parse(HEAD + unknowns + "combinations:\n  - {of: [fast, faster]}\n"))
                .hasMessageContaining("tiny.yaml: combinations[0].of: two settings of the same unknown (prefill)");
        assertThatThrownBy(() -> parse(HEAD + unknowns + "combinations:\n  - {of: [fast, nope]}\n"))
                .hasMessageContaining("combinations[0].of: no setting 'nope'");
        assertThat(s.withSettings(List.of("live")).settings()).extracting(Study.Setting::name).containsExactly("nominal", "live");
        assertThatThrownBy(() -> s.withSettings(List.of("slow"))).hasMessageContaining("has no setting 'slow'");
    }

    @Test
    void badFilesAreRefusedWithTheFieldNamed() {
        String point = "points:\n  - {workload: code-generation, qps: 16, change: -0.9}\n";
        assertThat(parse(HEAD + point).points().get(0).expect()).isEqualTo(Expectation.BETTER);
        assertThatThrownBy(() -> parse(HEAD.replace("source: \"a test\"\n", "") + point)).hasMessageContaining("tiny.yaml: source");
        assertThatThrownBy(() -> parse(HEAD + "points:\n  - {workload: code-generation, qps: 16}\n"))
                .hasMessageContaining("points[0]: give the published figures");
        assertThatThrownBy(() -> parse(HEAD + "points:\n  - {workload: nope, qps: 16, change: -0.9}\n"))
                .hasMessageContaining("points[0].workload");
        assertThatThrownBy(() -> parse(HEAD + "points:\n  - {workload: code-generation, qps: 16, change: 0.2, expect: better}\n"))
                .hasMessageContaining("expect better contradicts the change 0.2");
        assertThatThrownBy(() -> parse(HEAD + "points:\n  - {workload: code-generation, qps: 16, baseline: 10, treatment: 1, change: 0.1}\n"))
                .hasMessageContaining("opposite directions");
        assertThatThrownBy(() -> parse(HEAD + point + "unknowns:\n  - name: x\n    settings:\n      - {name: a, set: {prefill_speed: 2}}\n"))
                .hasMessageContaining("unknowns[0].settings[0] (a): a source is required, or 'guess: true'");
        assertThatThrownBy(() -> parse(HEAD + point + "unknowns:\n  - name: x\n    settings:\n      - {name: a, guess: true, set: {input_kind: weibull}}\n"))
                .hasMessageContaining("unknowns[0].settings[0].set.input_kind must be lognormal, gaussian or constant");
        assertThatThrownBy(() -> parse(HEAD + point + "colour: red\n")).hasMessageContaining("unknown key 'colour'");
        assertThatThrownBy(() -> parse(HEAD + point + "metric: goodput\n")).hasMessageContaining("metric must be one of critical_ttft_p99");
        assertThatThrownBy(() -> StudyReader.load("no-such-study")).hasMessageContaining("unknown study 'no-such-study'; shipped: soft-reflective-2xh100");
    }
}
