package io.nous.evaluator;

import io.nous.evaluator.run.Deployment;
import io.nous.evaluator.run.PolicyIdentity;
import static org.assertj.core.api.Assertions.assertThat;

import io.nous.evaluator.objective.ConstraintResult;
import io.nous.evaluator.objective.Objectives;
import io.nous.evaluator.objective.StandardMetrics;
import io.nous.evaluator.run.PairedRunner;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.evaluator.scenario.Matrix;
import io.nous.evaluator.scenario.PromotionRule;
import io.nous.evaluator.scenario.Variant;
import io.nous.sim.epp.RouterRelease;
import io.nous.evaluator.scenario.MatrixEntry;
import io.nous.evaluator.scenario.Regime;
import io.nous.evaluator.scenario.Split;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.evaluator.stats.Verdict;
import io.nous.policy.PolicyRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;

class EvaluationTest {
    /** A small matrix on the study's router: two under-capacity points and two contended ones, 3 seeds, 240 s. */
    static final Matrix SMALL = new Matrix("small", 3, 240, List.of(
            new MatrixEntry("code-generation", 4, null, null, Split.SEARCH, Regime.UNDER),
            new MatrixEntry("interactive-chat", 20, null, null, Split.SEARCH, Regime.UNDER),
            new MatrixEntry("code-generation", 16, null, null, Split.SEARCH, Regime.NEAR),
            new MatrixEntry("interactive-chat", 80, null, null, Split.VALIDATION, Regime.OVER)),
            RouterRelease.V0_9, List.of(Variant.NOMINAL), PromotionRule.ALL);

    static PolicyUnderTest builtin(String ref) {
        return PolicyUnderTest.of(ref, PolicyIdentity.builtin(ref), () -> PolicyRegistry.builtin().usageLimit(ref));
    }

    static EvaluationReport evaluate(String candidate, int threads) {
        try (PairedRunner runner = new PairedRunner(builtin("static-usage-limit"), threads)) {
            return new Evaluation(runner, Objectives.byName("critical-ttft"), new PairedBootstrap(1000, 0.95))
                    .evaluate(builtin(candidate), SMALL, null);
        }
    }

    private static ConstraintResult constraint(EvaluationReport r, String name) {
        return r.constraints().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    private static EvaluationReport withoutTiming(EvaluationReport r) {
        return new EvaluationReport(r.candidate(), r.baseline(), r.objective(), r.matrix(), r.split(), r.seeds(), r.confidence(),
                r.scenarios(), r.score(), r.constraints(), r.sanity(), r.failure(), r.simulations(), 0, r.variants(), r.variantsInMatrix(),
                r.promotion(), r.racedOut());
    }

    @Test
    void eachSplitRunsItsOwnSeedsAndTheOthersKeepTheirs() {
        Matrix m = SMALL.withSplitSeeds(java.util.Map.of(io.nous.evaluator.scenario.Split.VALIDATION, 1));
        try (PairedRunner runner = new PairedRunner(builtin("static-usage-limit"), 2)) {
            Evaluation e = new Evaluation(runner, Objectives.byName("critical-ttft"), new PairedBootstrap(200, 0.95));
            EvaluationReport all = e.evaluate(builtin("soft-reflective-ceiling"), m, null);
            EvaluationReport validation = e.evaluate(builtin("soft-reflective-ceiling"), m, io.nous.evaluator.scenario.Split.VALIDATION);
            int validationScenarios = m.entries(io.nous.evaluator.scenario.Split.VALIDATION).size();
            assertThat(validation.seeds()).isEqualTo(1);
            assertThat(validation.simulations()).as("the baseline came from the cache").isEqualTo(validationScenarios);
            assertThat(all.seeds()).isEqualTo(SMALL.seeds());
            int others = m.entries().size() - validationScenarios;
            assertThat(all.simulations()).isEqualTo(2 * (others * SMALL.seeds() + validationScenarios));
        }
    }

    @Test
    void candidateRunsSettledByTheBaselinesDecisionsAreTheRunsTheirSimulationsGive() {
        PolicyUnderTest candidate = builtin("soft-reflective-ceiling");
        try (PairedRunner runner = new PairedRunner(builtin("static-usage-limit"), 2)) {
            List<io.nous.evaluator.run.PairedScenario> first = runner.run(candidate, SMALL, SMALL.entries());
            int settledFirst = runner.decidedAlike();
            assertThat(settledFirst).as("held to baseline runs of the same call, once done").isPositive()
                    .isLessThan(SMALL.entries().size() * SMALL.seeds());
            List<io.nous.evaluator.run.PairedScenario> cached = runner.run(candidate, SMALL, SMALL.entries());
            assertThat(runner.decidedAlike() - settledFirst).as("and to cached ones").isEqualTo(settledFirst);
            for (List<io.nous.evaluator.run.PairedScenario> runs : List.of(first, cached)) {
                for (io.nous.evaluator.run.PairedScenario p : runs) {
                    for (int seed = 1; seed <= p.seeds(); seed++) {
                        io.nous.evaluator.run.RunData got = p.candidate().get(seed - 1);
                        io.nous.evaluator.run.RunData simulated = io.nous.evaluator.run.LocalBackend.inProcess(
                                candidate.deploy(SMALL.scenario(p.entry(), seed, p.variant())), candidate);
                        assertThat(got.result().withWallSeconds(0)).as(p.label() + " seed " + seed + (got.decidedAlike() ? ", settled" : ""))
                                .isEqualTo(simulated.result().withWallSeconds(0));
                        assertThat(got.samples()).usingRecursiveComparison().isEqualTo(simulated.samples());
                    }
                }
            }
        }
    }

    @Test
    void aReportIsTheSameWhetherItsCandidateRunsWereSettledOrNot() {
        EvaluationReport first = evaluate("soft-reflective-ceiling", 2);
        try (PairedRunner runner = new PairedRunner(builtin("static-usage-limit"), 2)) {
            Evaluation e = new Evaluation(runner, Objectives.byName("critical-ttft"), new PairedBootstrap(1000, 0.95));
            e.evaluate(builtin("static-usage-limit:threshold=0.5"), SMALL, null); // fills the baseline cache
            int before = runner.decidedAlike();
            EvaluationReport settled = e.evaluate(builtin("soft-reflective-ceiling"), SMALL, null);
            assertThat(runner.decidedAlike() - before).isPositive();
            assertThat(settled.simulations()).as("a settled run counts as one").isEqualTo(SMALL.entries().size() * SMALL.seeds());
            assertThat(settled).usingRecursiveComparison().ignoringFields("simulations", "wallSeconds").isEqualTo(first);
        }
    }

    @Test
    void oneThreadAndManyThreadsGiveIdenticalResults() {
        EvaluationReport one = evaluate("soft-reflective-ceiling", 1);
        EvaluationReport four = evaluate("soft-reflective-ceiling", 4);
        assertThat(withoutTiming(four)).usingRecursiveComparison().isEqualTo(withoutTiming(one));
    }

    @Test
    void thePolicyItselfIsNoDifferentFromTheBaseline() {
        EvaluationReport r = evaluate("static-usage-limit", 2);
        for (ScenarioReport s : r.scenarios()) {
            s.metrics().values().forEach(c -> {
                assertThat(c.verdict()).as(s.entry().label() + " " + c.metric()).isEqualTo(Verdict.NO_DIFFERENCE);
                assertThat(c.change()).isZero();
            });
        }
        assertThat(r.score().verdict()).isEqualTo(Verdict.NO_DIFFERENCE);
        assertThat(r.constraints()).allSatisfy(c -> assertThat(c.pass()).as(c.detail()).isTrue());
        assertThat(r.sanity()).isEmpty();
        assertThat(r.promotable()).isFalse();
    }

    @Test
    void softReflectiveIsBetterWhereItMattersAndHarmlessElsewhere() {
        EvaluationReport r = evaluate("soft-reflective-ceiling", 2);
        assertThat(r.score().verdict()).isEqualTo(Verdict.BETTER);
        assertThat(r.score().ciHigh()).isLessThan(0);
        assertThat(r.constraints()).allSatisfy(c -> assertThat(c.pass()).as(c.detail()).isTrue());
        assertThat(r.promotable()).isTrue();
    }

    @Test
    void gatingSheddableTrafficAtEveryLoadFailsNoHarm() {
        // ceiling 0 for the sheddable band: closed even when nothing contends
        EvaluationReport r = evaluate("priority-holdback:minCeiling=0", 2);
        ConstraintResult noHarm = constraint(r, "no-harm-under-capacity");
        assertThat(noHarm.pass()).isFalse();
        assertThat(noHarm.detail()).contains("under capacity");
        assertThat(r.promotable()).isFalse();
    }

    @Test
    void starvingSheddableTrafficFailsEvenThoughCriticalImproves() {
        // a fixed 0.3 ceiling for the sheddable band: critical requests finish sooner over capacity, sheddable starves
        EvaluationReport r = evaluate("priority-holdback:minCeiling=0.3", 2);
        ScenarioReport chat80 = r.scenarios().stream().filter(s -> s.entry().label().equals("interactive-chat@80")).findFirst().orElseThrow();
        assertThat(chat80.metrics().get(StandardMetrics.CRITICAL_E2E_P99).verdict()).isEqualTo(Verdict.BETTER);
        assertThat(constraint(r, "no-starvation").pass()).isFalse();
        assertThat(r.promotable()).isFalse();
    }

    @Test
    void theBaselineIsSimulatedOncePerScenarioAndSeed() {
        try (PairedRunner runner = new PairedRunner(builtin("static-usage-limit"), 2)) {
            Evaluation e = new Evaluation(runner, Objectives.byName("critical-ttft"), new PairedBootstrap(200, 0.95));
            e.evaluate(builtin("soft-reflective-ceiling"), SMALL, Split.SEARCH);
            assertThat(runner.simulations()).isEqualTo(2 * 3 * 3);
            e.evaluate(builtin("priority-holdback:minCeiling=0.5"), SMALL, Split.SEARCH);
            assertThat(runner.simulations()).isEqualTo(2 * 3 * 3 + 3 * 3);
        }
    }

    @Test
    void aCandidateThatFailsInASimulationIsReportedNotThrown() {
        PolicyUnderTest broken = PolicyUnderTest.of("nan", PolicyIdentity.named("nan"), () -> (s, p, c) -> c[c.length - 1] = Double.NaN);
        try (PairedRunner runner = new PairedRunner(builtin("static-usage-limit"), 2)) {
            EvaluationReport r = new Evaluation(runner, Objectives.byName("critical-ttft"), new PairedBootstrap(200, 0.95))
                    .evaluate(broken, SMALL, Split.SEARCH);
            assertThat(r.failure()).contains("broke the contract").contains("NaN");
            assertThat(r.promotable()).isFalse();
        }
    }
}
