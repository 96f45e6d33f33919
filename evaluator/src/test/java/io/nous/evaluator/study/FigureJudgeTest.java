package io.nous.evaluator.study;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.evaluator.study.FidelityReport.Figure;
import io.nous.evaluator.study.FidelityReport.Outcome;
import io.nous.evaluator.study.FidelityReport.PointResult;
import io.nous.evaluator.study.FidelityReport.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

class FigureJudgeTest {
    private final FigureJudge judge = new FigureJudge(Study.Tolerance.DEFAULT);

    private static Study.Point point(Double base, Double treat, Double change, Expectation e) {
        return new Study.Point("code-generation", 16, null, base, treat, change, e, null);
    }

    private static Outcome outcome(String setting, double base, double treat, String verdict) {
        return new Outcome(setting, base, base, base, treat, treat, treat, (treat - base) / base, (treat - base) / base - 0.05,
                (treat - base) / base + 0.05, verdict);
    }

    @Test
    void aChangeIsReproducedWithinItsPointsAndInItsDirection() {
        Study.Point p = point(null, null, -0.90, Expectation.BETTER);
        PointResult r = judge.judge(p, List.of(outcome("near", 10, 1.5, "better"), outcome("far", 10, 5, "better"),
                outcome("close-but-worse", 10, 10.5, "worse")));
        assertThat(r.figures()).extracting(FidelityReport.FigureResult::figure).containsExactly(Figure.CHANGE);
        assertThat(r.figures().get(0).reproducedBy()).containsExactly("near"); // -85 % is 5 points off; -50 % is 40
        assertThat(r.verdict()).isEqualTo(Verdict.REPRODUCED);
        assertThat(r.reproducedBy()).containsExactly("near");
    }

    @Test
    void settingsOnBothSidesBracketAFigureNoneReaches() {
        Study.Point p = point(null, null, -0.50, Expectation.BETTER);
        PointResult r = judge.judge(p, List.of(outcome("too-little", 10, 8, "better"), outcome("too-much", 10, 0.5, "better")));
        assertThat(r.figures().get(0).verdict()).isEqualTo(Verdict.BRACKETED);
        assertThat(r.verdict()).isEqualTo(Verdict.BRACKETED);
        assertThat(r.reproducedBy()).isEmpty();
    }

    @Test
    void settingsAllOnOneSideAreOutOfRangeWithTheNearestNamed() {
        Study.Point p = point(null, null, -0.967, Expectation.BETTER);
        PointResult r = judge.judge(p, List.of(outcome("a", 10, 9, "better"), outcome("b", 10, 6, "better"), outcome("c", 10, 10, "no-difference")));
        assertThat(r.figures().get(0).verdict()).isEqualTo(Verdict.OUT_OF_RANGE);
        assertThat(r.figures().get(0).nearest()).isEqualTo("b");
        assertThat(r.verdict()).isEqualTo(Verdict.OUT_OF_RANGE);
    }

    @Test
    void absolutesAreJudgedByTheirFactorAndAPointNeedsOneSettingForEveryFigure() {
        Study.Point p = point(13.6, 0.263, -0.967, Expectation.BETTER);
        // right change, wrong absolutes; right absolutes' baseline, wrong treatment
        PointResult r = judge.judge(p, List.of(outcome("scaled", 100, 2, "better"), outcome("base-only", 12, 6, "better")));
        assertThat(r.figures()).extracting(FidelityReport.FigureResult::figure).containsExactly(Figure.CHANGE, Figure.BASELINE, Figure.TREATMENT);
        assertThat(r.figures().get(0).reproducedBy()).containsExactly("scaled");
        assertThat(r.figures().get(1).reproducedBy()).containsExactly("base-only");
        assertThat(r.figures().get(2).reproducedBy()).isEmpty();
        assertThat(r.reproducedBy()).isEmpty();
        assertThat(r.verdict()).isEqualTo(Verdict.OUT_OF_RANGE); // both treatments are above 263 ms
    }

    @Test
    void aNoOpPointPublishesNoChangeAndANotWorsePointOnlyADirection() {
        Study.Point neutral = point(null, null, null, Expectation.NEUTRAL);
        assertThat(FigureJudge.figures(neutral)).containsExactly(Figure.CHANGE);
        assertThat(FigureJudge.published(neutral, Figure.CHANGE)).isZero();
        assertThat(judge.judge(neutral, List.of(outcome("quiet", 1, 1.1, "no-difference"), outcome("loud", 1, 0.5, "better"))).reproducedBy())
                .containsExactly("quiet");
        Study.Point notWorse = point(null, null, null, Expectation.NOT_WORSE);
        assertThat(FigureJudge.figures(notWorse)).containsExactly(Figure.DIRECTION);
        PointResult r = judge.judge(notWorse, List.of(outcome("helps", 10, 2, "better"), outcome("harms", 10, 11, "worse")));
        assertThat(r.reproducedBy()).containsExactly("helps");
        assertThat(r.figures().get(0).errors().get(0)).isZero();
        assertThat(r.figures().get(0).errors().get(1)).isCloseTo(10.0, org.assertj.core.data.Offset.offset(1e-9)); // +10 % in points
    }
}
