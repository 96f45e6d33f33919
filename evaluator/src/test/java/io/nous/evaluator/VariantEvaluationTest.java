package io.nous.evaluator;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.evaluator.objective.ConstraintResult;
import io.nous.evaluator.objective.Objectives;
import io.nous.evaluator.run.PairedRunner;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.evaluator.scenario.Matrix;
import io.nous.evaluator.scenario.MatrixCatalog;
import io.nous.evaluator.scenario.MatrixEntry;
import io.nous.evaluator.scenario.PromotionRule;
import io.nous.evaluator.scenario.Regime;
import io.nous.evaluator.scenario.Split;
import io.nous.evaluator.scenario.Variant;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.evaluator.stats.Comparison;
import io.nous.evaluator.stats.Verdict;
import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import io.nous.sim.epp.RouterRelease;
import io.nous.sim.engine.RandomStreams;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.request.Request;
import io.nous.sim.request.RequestSource;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Simulator variants: common random numbers, per-variant verdicts, the promotion rule, racing. */
class VariantEvaluationTest {
    static final Variant SLOW_DECODE = new Variant("decode-slow", null, null, null, 0.85, null, null, null, null, null, null);
    static final Variant SEQS_256 = new Variant("max-num-seqs-256", 256, null, null, null, null, null, null, null, null, null);
    /** Prefill at kernel speed: code generation at 16 qps is then far under capacity. */
    static final Variant FAST_PREFILL = new Variant("fast-prefill", null, null, null, null, 1.7, null, null, null, null, null);

    static final MatrixEntry CG4 = new MatrixEntry("code-generation", 4, null, null, Split.SEARCH, Regime.UNDER);
    static final MatrixEntry CG16 = new MatrixEntry("code-generation", 16, null, null, Split.SEARCH, Regime.NEAR);

    static Matrix matrix(List<Variant> variants, PromotionRule rule) {
        return new Matrix("variants", 3, 240, List.of(CG4, CG16), RouterRelease.V0_9, variants, rule);
    }

    static EvaluationReport evaluate(String candidate, Matrix m, Racing racing) {
        try (PairedRunner runner = new PairedRunner(EvaluationTest.builtin("static-usage-limit"), 2)) {
            return new Evaluation(runner, Objectives.byName("critical-ttft"), new PairedBootstrap(500, 0.95))
                    .evaluate(EvaluationTest.builtin(candidate), m, Split.SEARCH, racing);
        }
    }

    private static List<String> arrivals(Scenario s) {
        RequestSource src = new RequestSource(s.workload(), s.qps(), new RandomStreams(s.seed()), Math.round(s.durationSeconds() * 1e6),
                s.profile().modelSpec().maxModelLen());
        List<String> out = new ArrayList<>();
        for (Request r = src.next(); r != null; r = src.next()) {
            out.add(r.arrivalUs + ":" + r.inputTokens + ":" + r.outputTokens + ":" + r.priority);
        }
        return out;
    }

    @Test
    void everyVariantSeesTheSameArrivalsForTheSameEntryAndSeed() {
        Matrix m = matrix(List.of(Variant.NOMINAL, SLOW_DECODE, SEQS_256), PromotionRule.ALL);
        for (int seed = 1; seed <= 2; seed++) {
            List<String> nominal = arrivals(m.scenario(CG16, seed, Variant.NOMINAL));
            assertThat(nominal).hasSizeGreaterThan(1000);
            assertThat(arrivals(m.scenario(CG16, seed, SLOW_DECODE))).isEqualTo(nominal);
            assertThat(arrivals(m.scenario(CG16, seed, SEQS_256))).isEqualTo(nominal);
        }
        // the variants change the deployment, not the workload
        Scenario s = m.scenario(CG16, 1, SEQS_256);
        assertThat(s.podConfig().maxNumSeqs()).isEqualTo(256);
        assertThat(m.scenario(CG16, 1, SLOW_DECODE).profile().roofline().decodeRuntime())
                .isEqualTo(0.85 * m.scenario(CG16, 1, Variant.NOMINAL).profile().roofline().decodeRuntime());
        // and the simulations under a variant really differ
        SimulationResult a = new ClusterSimulation(m.scenario(CG16, 1, Variant.NOMINAL), (x, p, c) -> { }, "open", null, null).run();
        SimulationResult b = new ClusterSimulation(m.scenario(CG16, 1, SLOW_DECODE), (x, p, c) -> { }, "open", null, null).run();
        assertThat(b.classes().get("critical").arrived()).isEqualTo(a.classes().get("critical").arrived());
        assertThat(b.classes().get("critical").ttft().p99Ms()).isNotEqualTo(a.classes().get("critical").ttft().p99Ms());
    }

    @Test
    void eachVariantHasItsOwnScoreAndConstraintsAndTheRuleDecides() {
        // soft-reflective helps at cg@16 while it saturates, and is a no-op once prefill runs at kernel speed
        EvaluationReport r = evaluate("soft-reflective-ceiling", matrix(List.of(Variant.NOMINAL, FAST_PREFILL), PromotionRule.ALL),
                Racing.NONE);
        assertThat(r.variants()).extracting(VariantReport::variant).containsExactly("nominal", "fast-prefill");
        assertThat(r.variants().get(0).score().verdict()).isEqualTo(Verdict.BETTER);
        assertThat(r.variants().get(1).score().verdict()).isEqualTo(Verdict.NO_DIFFERENCE);
        assertThat(r.variants()).allSatisfy(v -> assertThat(v.constraintsHold()).isTrue());
        assertThat(r.scenarios()).hasSize(4);
        assertThat(r.scenarios()).extracting(ScenarioReport::label)
                .containsExactly("code-generation@4", "code-generation@16", "code-generation@4 [fast-prefill]", "code-generation@16 [fast-prefill]");
        // all variants must agree: refused
        assertThat(r.verdictHolds()).isFalse();
        assertThat(r.promotable()).isFalse();
        // a quorum of one: the other variant is no-difference, not worse, so promoted
        EvaluationReport q = evaluate("soft-reflective-ceiling", matrix(List.of(Variant.NOMINAL, FAST_PREFILL), new PromotionRule(1)),
                Racing.NONE);
        assertThat(q.promotable()).isTrue();
    }

    @Test
    void oneVariantSayingWorseRefusesPromotionWhateverTheQuorum() {
        Score better = new Score("critical-ttft", -0.3, -0.4, -0.2, Verdict.BETTER, 1);
        Score worse = new Score("critical-ttft", 0.2, 0.1, 0.3, Verdict.WORSE, 1);
        List<ConstraintResult> ok = List.of(new ConstraintResult("no-harm-under-capacity", true, "ok"));
        List<VariantReport> variants = List.of(new VariantReport("nominal", "", better, ok), new VariantReport("a", "", better, ok),
                new VariantReport("b", "", worse, ok));
        for (PromotionRule rule : List.of(PromotionRule.ALL, new PromotionRule(1), new PromotionRule(2))) {
            EvaluationReport r = new EvaluationReport("c", "static", "critical-ttft", "m", "search", 3, 0.95, List.of(), better, ok,
                    List.of(), null, 0, 0, variants, 3, rule, null);
            assertThat(r.promotable()).as(rule.toString()).isFalse();
        }
        List<VariantReport> noWorse = List.of(variants.get(0), variants.get(1),
                new VariantReport("b", "", new Score("critical-ttft", 0, -0.1, 0.1, Verdict.NO_DIFFERENCE, 1), ok));
        EvaluationReport quorum2 = new EvaluationReport("c", "static", "critical-ttft", "m", "search", 3, 0.95, List.of(), better, ok,
                List.of(), null, 0, 0, noWorse, 3, new PromotionRule(2), null);
        assertThat(quorum2.promotable()).isTrue();
        EvaluationReport all = new EvaluationReport("c", "static", "critical-ttft", "m", "search", 3, 0.95, List.of(), better, ok,
                List.of(), null, 0, 0, noWorse, 3, PromotionRule.ALL, null);
        assertThat(all.promotable()).isFalse();
        // a constraint broken under one variant refuses too
        List<VariantReport> broken = List.of(variants.get(0), variants.get(1), new VariantReport("b", "", better,
                List.of(new ConstraintResult("no-harm-under-capacity", false, "harm"))));
        EvaluationReport c = new EvaluationReport("c", "static", "critical-ttft", "m", "search", 3, 0.95, List.of(), better,
                List.of(new ConstraintResult("no-harm-under-capacity", false, "under variant b: harm")), List.of(), null, 0, 0, broken, 3,
                new PromotionRule(1), null);
        assertThat(c.promotable()).isFalse();
    }

    @Test
    void somewhereAsksForBetterUnderOneVariantAndWorseInNoContendedScenario() {
        assertThat(PromotionRule.parse("somewhere")).isEqualTo(PromotionRule.SOMEWHERE);
        assertThat(PromotionRule.SOMEWHERE.toString()).isEqualTo("somewhere");
        Score better = new Score("critical-ttft", -0.3, -0.4, -0.2, Verdict.BETTER, 1);
        Score same = new Score("critical-ttft", 0, -0.1, 0.1, Verdict.NO_DIFFERENCE, 1);
        List<ConstraintResult> ok = List.of(new ConstraintResult("no-harm-under-capacity", true, "ok"));
        List<VariantReport> oneBetter = List.of(new VariantReport("nominal", "", better, ok), new VariantReport("a", "", same, ok));
        Comparison fine = new Comparison("critical-ttft", 1, 0.7, -0.3, -0.4, -0.2, Double.NaN, Verdict.BETTER);
        Comparison hurt = new Comparison("critical-ttft", 1, 1.2, 0.2, 0.1, 0.3, Double.NaN, Verdict.WORSE);
        ScenarioReport nearBetter = new ScenarioReport(CG16, "nominal", java.util.Map.of(), fine, 100, 0, 0, 0, 0);
        ScenarioReport nearWorse = new ScenarioReport(CG16, "a", java.util.Map.of(), hurt, 100, 0, 0, 0, 0);
        ScenarioReport underWorse = new ScenarioReport(CG4, "a", java.util.Map.of(), hurt, 100, 0, 0, 0, 0);
        EvaluationReport somewhere = new EvaluationReport("c", "static", "critical-ttft", "m", "search", 3, 0.95, List.of(nearBetter),
                better, ok, List.of(), null, 0, 0, oneBetter, 2, PromotionRule.SOMEWHERE, null);
        assertThat(somewhere.promotable()).as("better under one variant, worse nowhere").isTrue();
        EvaluationReport all = new EvaluationReport("c", "static", "critical-ttft", "m", "search", 3, 0.95, List.of(nearBetter),
                better, ok, List.of(), null, 0, 0, oneBetter, 2, PromotionRule.ALL, null);
        assertThat(all.promotable()).as("all asks for better under both").isFalse();
        EvaluationReport worseInOnePlace = new EvaluationReport("c", "static", "critical-ttft", "m", "search", 3, 0.95,
                List.of(nearBetter, nearWorse), better, ok, List.of(), null, 0, 0, oneBetter, 2, PromotionRule.SOMEWHERE, null);
        assertThat(worseInOnePlace.promotable()).as("worse in a contended scenario under one variant").isFalse();
        assertThat(worseInOnePlace.worstScenario().label()).isEqualTo("code-generation@16 [a]");
        // under capacity the no-harm constraint judges, not the objective
        EvaluationReport underOnly = new EvaluationReport("c", "static", "critical-ttft", "m", "search", 3, 0.95,
                List.of(nearBetter, underWorse), better, ok, List.of(), null, 0, 0, oneBetter, 2, PromotionRule.SOMEWHERE, null);
        assertThat(underOnly.promotable()).isTrue();
    }

    @Test
    void racingStopsAtTheFirstVariantThatMakesPromotionImpossible() {
        Matrix m = matrix(List.of(FAST_PREFILL, Variant.NOMINAL, SLOW_DECODE), PromotionRule.ALL);
        EvaluationReport raced = evaluate("soft-reflective-ceiling", m, Racing.HOPELESS);
        assertThat(raced.racedOut()).contains("not better under variant fast-prefill");
        assertThat(raced.variants()).hasSize(1);
        assertThat(raced.promotable()).isFalse();
        EvaluationReport full = evaluate("soft-reflective-ceiling", m, Racing.NONE);
        assertThat(full.variants()).hasSize(3);
        assertThat(full.promotable()).isFalse();
        assertThat(raced.simulations()).isLessThan(full.simulations());
        // with the variants that all agree, racing changes nothing
        Matrix agreeing = matrix(List.of(Variant.NOMINAL, SLOW_DECODE), PromotionRule.ALL);
        EvaluationReport r = evaluate("soft-reflective-ceiling", agreeing, Racing.HOPELESS);
        assertThat(r.racedOut()).isNull();
        assertThat(r.promotable()).isTrue();
    }

    @Test
    void racingAgainstTheIncumbentStopsWhenTheWholeIntervalIsBehind() {
        Matrix m = matrix(List.of(Variant.NOMINAL, SLOW_DECODE), PromotionRule.ALL);
        // an incumbent far better than anything: soft-reflective is clearly behind it
        Score strong = new Score("critical-ttft", -0.99, -0.995, -0.985, Verdict.BETTER, 1);
        EvaluationReport r = evaluate("soft-reflective-ceiling", m,
                Racing.againstIncumbent(java.util.Map.of("nominal", strong, "decode-slow", strong), true));
        assertThat(r.racedOut()).isEqualTo("clearly behind the incumbent under variant nominal");
        assertThat(r.variants()).hasSize(1);
    }

    @Test
    void theShippedMatricesLoadWithTheirVariants() {
        Matrix study = MatrixCatalog.load("study-2xh100");
        assertThat(study.router()).isEqualTo(RouterRelease.V0_9);
        assertThat(study.entries()).hasSize(9);
        assertThat(study.variants()).extracting(Variant::name).contains("nominal", "max-num-seqs-256", "decode-slow", "decode-fast",
                "study-fresh-view");
        // the variant that reproduces the study's headline (docs/fidelity.md) is the study file's setting, field for field
        Variant fresh = study.variants().stream().filter(v -> v.name().equals("study-fresh-view")).findFirst().orElseThrow();
        io.nous.evaluator.study.Study.Setting shipped = io.nous.evaluator.study.StudyReader.load("soft-reflective-2xh100").settings().stream()
                .filter(x -> x.name().equals("live-metrics+prompts-fixed+decode-slow")).findFirst().orElseThrow();
        assertThat(fresh.describe()).isEqualTo(shipped.variant().describe());
        assertThat(MatrixCatalog.load("study-2xh100", 0).variants()).extracting(Variant::name).doesNotContain("study-fresh-view");
        assertThat(study.promotion()).isEqualTo(PromotionRule.ALL);
        Matrix def = MatrixCatalog.load("default");
        assertThat(def.router()).isEqualTo(RouterRelease.V0_9);
        assertThat(def.variants().size()).isGreaterThan(1);
    }
}
