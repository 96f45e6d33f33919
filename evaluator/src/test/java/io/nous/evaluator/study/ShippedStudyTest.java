package io.nous.evaluator.study;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.evaluator.run.PairedRunner;
import io.nous.evaluator.stats.PairedBootstrap;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the shipped soft-reflective study says about the simulator today (docs/fidelity.md), on the
 * points and settings that decide it: the headline appears only where the router sees its pods as they
 * are, the no-ops stay no-ops there, and the transition-zone harm has no mechanism. A model change
 * that moves one of these is a change in fidelity to review, not noise.
 */
class ShippedStudyTest {

    @Test
    void theHeadlineChangeNeedsAFreshViewOfThePodsAndTheNoOpsStayNoOps() {
        Study s = StudyReader.load("soft-reflective-2xh100")
                .withPoints(List.of("code-generation@10", "code-generation@16", "interactive-chat@40"))
                .withSettings(List.of("live-metrics+prompts-fixed+decode-slow"));
        FidelityReport r;
        try (PairedRunner runner = new PairedRunner(FidelityCheckTest.builtin(s.baseline()), 2)) {
            r = new FidelityCheck(runner, new PairedBootstrap(300, 0.95)).run(s, FidelityCheckTest.builtin(s.treatment()), false);
        }
        FidelityReport.PointResult noOp = r.points().get(0);
        FidelityReport.PointResult headline = r.points().get(1);
        FidelityReport.PointResult harm = r.points().get(2);
        assertThat(noOp.reproducedBy()).containsExactly("nominal", "live-metrics+prompts-fixed+decode-slow");
        // step-published metrics: both arms collapse past capacity, and the change is a third of the published one
        FidelityReport.Outcome nominal = headline.outcomes().get(0);
        assertThat(nominal.baselineSeconds()).isGreaterThan(60);
        assertThat(nominal.change()).isBetween(-0.6, -0.2);
        // a fresh view: a baseline of seconds, a treatment near one second, the change within reach of -96.7 %
        FidelityReport.Outcome fresh = headline.outcomes().get(1);
        assertThat(fresh.baselineSeconds()).isBetween(2.0, 15.0);
        assertThat(fresh.change()).isLessThan(-0.75);
        // the published 263 ms is below what any critical request gets at this load
        assertThat(headline.figures().get(2).verdict()).isEqualTo(FidelityReport.Verdict.OUT_OF_RANGE);
        // chat@40: the detector never reaches soft-reflective's first gate, so the arms are identical
        assertThat(harm.outcomes()).allSatisfy(o -> assertThat(o.change()).isZero());
        assertThat(harm.verdict()).isEqualTo(FidelityReport.Verdict.OUT_OF_RANGE);
    }
}
