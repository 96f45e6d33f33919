package io.nous.evaluator.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nous.evaluator.run.PairedRunner;
import io.nous.evaluator.run.PolicyIdentity;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.policy.PolicyRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;

class FidelityCheckTest {

    static PolicyUnderTest builtin(String ref) {
        return PolicyUnderTest.of(ref, PolicyIdentity.builtin(ref), () -> PolicyRegistry.builtin().usageLimit(ref));
    }

    /** Two short points, one no-op and one saturated, under the shipped defaults and one faster-prefill setting. */
    static final String TINY = StudyReaderTest.HEAD + """
            seeds: 1
            duration_seconds: 120
            points:
              - {workload: code-generation, qps: 4, expect: neutral}
              - {workload: code-generation, qps: 16, baseline: 20, treatment: 10, note: "made up for the test"}
            unknowns:
              - name: prefill-throughput
                settings:
                  - {name: prefill-x1.776, source: "the kernels' ceiling", set: {prefill_speed: 1.776}}
            """;

    private static FidelityReport check(Study s, boolean fit) {
        try (PairedRunner runner = new PairedRunner(builtin(s.baseline()), 2)) {
            return new FidelityCheck(runner, new PairedBootstrap(200, 0.95)).run(s, builtin(s.treatment()), fit);
        }
    }

    @Test
    void everyPointRunsUnderEverySettingAndIsJudgedFigureByFigure() {
        Study s = StudyReaderTest.parse(TINY);
        FidelityReport r = check(s, true);
        assertThat(r.settings()).extracting(FidelityReport.SettingInfo::name).containsExactly("nominal", "prefill-x1.776");
        assertThat(r.points()).hasSize(2);
        assertThat(r.simulations()).isEqualTo(2 * 2 * 2); // points x settings x arms, one seed
        FidelityReport.PointResult noOp = r.points().get(0);
        assertThat(noOp.outcomes()).extracting(FidelityReport.Outcome::setting).containsExactly("nominal", "prefill-x1.776");
        // under capacity the two policies dispatch alike: a no-op everywhere, as published
        assertThat(noOp.verdict()).isEqualTo(FidelityReport.Verdict.REPRODUCED);
        assertThat(noOp.reproducedBy()).containsExactly("nominal", "prefill-x1.776");
        FidelityReport.PointResult hot = r.points().get(1);
        assertThat(hot.figures()).extracting(FidelityReport.FigureResult::figure).containsExactly(FidelityReport.Figure.CHANGE,
                FidelityReport.Figure.BASELINE, FidelityReport.Figure.TREATMENT);
        // faster prefill takes code-generation@16 out of saturation: its baseline is far quicker than the nominal one's
        assertThat(hot.outcomes().get(1).baselineSeconds()).isLessThan(hot.outcomes().get(0).baselineSeconds() / 5);
        assertThat(hot.outcomes().get(0).baselineLow()).isLessThanOrEqualTo(hot.outcomes().get(0).baselineSeconds());
        // the fit reads baselines only, and predicts every point's treatment arm
        assertThat(r.fit().fittedOn()).containsExactly("code-generation@16");
        assertThat(r.fit().ranked()).hasSize(2);
        assertThat(r.fit().ranked().get(0).loss()).isLessThanOrEqualTo(r.fit().ranked().get(1).loss());
        assertThat(r.fit().predictions()).hasSize(2);
        assertThat(r.bySetting()).hasSize(2);
    }

    @Test
    void theSameStudyGivesTheSameReport() {
        Study s = StudyReaderTest.parse(TINY).withSettings(List.of());
        assertThat(check(s, false)).isEqualTo(check(s, false));
    }

    @Test
    void aFitNeedsPublishedBaselines() {
        Study s = StudyReaderTest.parse(StudyReaderTest.HEAD + "seeds: 1\nduration_seconds: 60\npoints:\n"
                + "  - {workload: code-generation, qps: 4, expect: neutral}\n");
        assertThatThrownBy(() -> check(s, true)).isInstanceOf(StudyException.class).hasMessageContaining("needs points with a published baseline value");
    }
}
