package io.nous.evaluator;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.evaluator.objective.Objectives;
import io.nous.evaluator.run.PairedRunner;
import io.nous.evaluator.scenario.Matrix;
import io.nous.evaluator.scenario.MatrixEntry;
import io.nous.evaluator.scenario.PromotionRule;
import io.nous.evaluator.scenario.Regime;
import io.nous.evaluator.scenario.Split;
import io.nous.evaluator.scenario.Variant;
import io.nous.evaluator.stats.Comparison;
import io.nous.evaluator.stats.GroupSequential;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.evaluator.stats.QuantileStatistic;
import io.nous.evaluator.stats.Verdict;
import io.nous.sim.epp.RouterRelease;
import java.util.List;
import org.apache.commons.math3.distribution.LogNormalDistribution;
import org.apache.commons.math3.random.Well19937c;
import org.junit.jupiter.api.Test;

/**
 * Sequential seeds: a pair with a known small difference is confirmed by adding seeds where a fixed
 * three-seed comparison cannot tell, an equal pair is never called better or worse, and the plan's
 * error rate holds over many equal pairs.
 */
class SequentialEvaluationTest {
    private static final int REQUESTS = 6000;
    /** 3, 6, 12, 24 seeds; each look at 98.75 %, at most 5 % wrong verdicts; equivalent within ±3 %. */
    private static final GroupSequential PLAN = GroupSequential.doubling(3, 24, 0.95, 0.03);

    /**
     * Seed s of a synthetic pair: critical TTFT samples (ms) of one 6000-request run (a 600 s contended run's critical class) per arm, the
     * candidate's drawn from the baseline's law scaled by {@code factor}. The data of seed s depend
     * on the pair and s only, so a later look sees the same first seeds as an earlier one.
     */
    private static float[][] arm(int pair, double factor, int seeds, int armSalt) {
        float[][] out = new float[seeds][REQUESTS];
        for (int s = 0; s < seeds; s++) {
            LogNormalDistribution law = new LogNormalDistribution(new Well19937c(new int[] {pair, s, armSalt}), Math.log(400), 0.6);
            for (int i = 0; i < REQUESTS; i++) {
                out[s][i] = (float) (factor * law.sample());
            }
        }
        return out;
    }

    /** The pair's p99 comparison on its first n seeds, at {@code plan}'s per-look confidence. */
    private static Comparison look(GroupSequential plan, int pair, double factor, int n) {
        PairedBootstrap atLook = new PairedBootstrap(1000, plan.lookConfidence());
        return atLook.compare("critical_ttft_p99", new QuantileStatistic(arm(pair, 1.0, n, 1), 0.99),
                new QuantileStatistic(arm(pair, factor, n, 2), 0.99), true, new Well19937c(pair * 31 + n));
    }

    private static GroupSequential.Outcome<Comparison> sequential(int pair, double factor) {
        return PLAN.run(n -> look(PLAN, pair, factor, n), c -> PLAN.decide(c.ciLow(), c.ciHigh(), true));
    }

    @Test
    void aFivePercentImprovementThatThreeSeedsCannotTellIsConfirmedWithMoreSeeds() {
        int undecidedAtThree = 0;
        int confirmed = 0;
        int trials = 12;
        for (int pair = 1; pair <= trials; pair++) {
            if (look(GroupSequential.fixed(3, 0.95), pair, 0.95, 3).verdict() == Verdict.NO_DIFFERENCE) {
                undecidedAtThree++;
            }
            GroupSequential.Outcome<Comparison> o = sequential(pair, 0.95);
            assertThat(o.last().verdict()).as("pair %d is never called worse", pair).isNotEqualTo(Verdict.WORSE);
            if (o.decision() == GroupSequential.Decision.BETTER) {
                confirmed++;
                assertThat(o.last().ciHigh()).isLessThan(0);
            }
        }
        assertThat(undecidedAtThree).as("three seeds rarely decide 5 %").isGreaterThanOrEqualTo(trials / 2);
        assertThat(confirmed).as("the plan confirms most of them").isGreaterThanOrEqualTo(trials * 3 / 4);
    }

    @Test
    void anEqualPairStopsAsNoDifferenceAndNeverAsBetterOrWorse() {
        int wrong = 0;
        int trials = 40;
        for (int pair = 100; pair < 100 + trials; pair++) {
            GroupSequential.Outcome<Comparison> o = sequential(pair, 1.0);
            if (o.decision() == GroupSequential.Decision.BETTER || o.decision() == GroupSequential.Decision.WORSE) {
                wrong++;
            } else {
                assertThat(o.last().verdict()).isEqualTo(Verdict.NO_DIFFERENCE);
            }
        }
        // the plan promises at most 5 % wrong verdicts over all its looks; 40 pairs at 5 % expect 2
        assertThat(wrong).isLessThanOrEqualTo(4);
    }

    @Test
    void eachLookIsJudgedAtTheBonferroniShareOfTheErrorRate() {
        assertThat(PLAN.looks()).containsExactly(3, 6, 12, 24);
        assertThat(PLAN.lookConfidence()).isEqualTo(1 - 0.05 / 4, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(GroupSequential.fixed(3, 0.95).lookConfidence()).isEqualTo(0.95);
        assertThat(GroupSequential.doubling(5, 5, 0.95, 0).looks()).containsExactly(5);
        assertThat(GroupSequential.doubling(3, 10, 0.95, 0).looks()).containsExactly(3, 6, 10);
    }

    /** A small matrix on the study's router: one contended point, one variant. */
    private static final Matrix ONE = new Matrix("sequential", 2, 120, List.of(
            new MatrixEntry("code-generation", 16, null, null, Split.VALIDATION, Regime.NEAR)),
            RouterRelease.V0_9, List.of(Variant.NOMINAL), PromotionRule.ALL);

    @Test
    void aSequentialEvaluationReusesEarlierLooksAndReportsWhatItSpent() {
        GroupSequential plan = GroupSequential.doubling(2, 4, 0.95, 0);
        try (PairedRunner runner = new PairedRunner(EvaluationTest.builtin("static-usage-limit"), 2)) {
            Evaluation e = new Evaluation(runner, Objectives.byName("critical-ttft"), new PairedBootstrap(300, 0.95));
            // the policy against itself: never decided, so every look runs, and each seed is simulated once per arm
            EvaluationReport same = e.evaluate(EvaluationTest.builtin("static-usage-limit"), ONE, Split.VALIDATION, Racing.NONE, plan);
            assertThat(same.sequential().looksRun()).isEqualTo(2);
            assertThat(same.sequential().seeds()).isEqualTo(4);
            assertThat(same.seeds()).isEqualTo(4);
            assertThat(same.simulations()).isEqualTo(2 * 4);
            assertThat(same.sequential().decision()).isIn("open", "equivalent");
            assertThat(same.confidence()).isEqualTo(plan.lookConfidence());

            // the same seeds in one fixed evaluation give the same numbers as the sequential one's last look
            EvaluationReport fixed = new Evaluation(runner, Objectives.byName("critical-ttft"), new PairedBootstrap(300, plan.lookConfidence()))
                    .evaluate(EvaluationTest.builtin("static-usage-limit"), ONE.withSeeds(Split.VALIDATION, 4), Split.VALIDATION);
            assertThat(fixed.score().change()).isEqualTo(same.score().change());
            assertThat(fixed.score().ciLow()).isEqualTo(same.score().ciLow());
        }
    }

    @Test
    void aClearDifferenceStopsAtTheFirstLook() {
        GroupSequential plan = GroupSequential.doubling(2, 8, 0.95, 0);
        Matrix over = new Matrix("sequential-over", 2, 120, List.of(
                new MatrixEntry("interactive-chat", 80, null, null, Split.VALIDATION, Regime.OVER)),
                RouterRelease.V0_9, List.of(Variant.NOMINAL), PromotionRule.ALL);
        try (PairedRunner runner = new PairedRunner(EvaluationTest.builtin("static-usage-limit"), 2)) {
            EvaluationReport r = new Evaluation(runner, Objectives.byName("critical-ttft"), new PairedBootstrap(300, 0.95))
                    .evaluate(EvaluationTest.builtin("soft-reflective-ceiling"), over, Split.VALIDATION, Racing.NONE, plan);
            assertThat(r.score().verdict()).isEqualTo(Verdict.BETTER);
            assertThat(r.sequential().looksRun()).isEqualTo(1);
            assertThat(r.sequential().stoppedEarly()).isTrue();
            assertThat(r.sequential().pairsSaved()).isEqualTo(6);
        }
    }
}
