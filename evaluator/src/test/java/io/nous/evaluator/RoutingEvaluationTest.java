package io.nous.evaluator;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.evaluator.objective.ConstraintResult;
import io.nous.evaluator.objective.Objectives;
import io.nous.evaluator.run.Deployment;
import io.nous.evaluator.run.LocalBackend;
import io.nous.evaluator.run.PairedRunner;
import io.nous.evaluator.run.PolicyIdentity;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.evaluator.scenario.Matrix;
import io.nous.evaluator.scenario.MatrixCatalog;
import io.nous.evaluator.scenario.MatrixEntry;
import io.nous.evaluator.scenario.Split;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.evaluator.stats.Verdict;
import io.nous.policy.PolicyRegistry;
import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import io.nous.sim.routing.RoutingConfig;
import io.nous.sim.spi.RoutingScorer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Router configs and routing scorers as policies under test, on the shipped routing matrix. */
class RoutingEvaluationTest {
    static PolicyUnderTest config(String preset) {
        return PolicyUnderTest.builtin(preset, PolicyIdentity.builtin("static-usage-limit"), "static-usage-limit", null,
                Deployment.FLOW_CONTROL).routedBy(RoutingConfig.byNameOrFile(preset), null, null);
    }

    /** The lab's (c) profile as a scorer: requests in flight, with nothing keeping a tenant on its pod. */
    static PolicyUnderTest scorer(String ref) {
        return PolicyUnderTest.builtin(ref, PolicyIdentity.builtin("static-usage-limit"),
                new PolicyUnderTest.Builtins("static-usage-limit", null, ref), Deployment.FLOW_CONTROL)
                .routedBy(RoutingConfig.byNameOrFile("lab-scorer"), () -> PolicyRegistry.builtin().routing(ref), PolicyIdentity.builtin(ref));
    }

    @Test
    void theShippedMatrixRunsTheLabAndItsShapesOnBothEnginesUnderBothByteCounts() {
        Matrix m = MatrixCatalog.load("routing");
        assertThat(m.variants()).extracting(v -> v.name()).containsExactly("bytes-4", "bytes-6");
        assertThat(m.entries(Split.SEARCH)).extracting(MatrixEntry::label)
                .containsExactly("lab-16-tenants@1/8pods~isim", "lab-hot-tenant@1/8pods~isim", "lab-64-tenants@1/8pods~isim",
                        "lab-hot-65-long@1/8pods~isim", "lab-8-tenants-light@1/8pods~isim");
        // revision 0, on which earlier runs replay, searched the first three alone
        assertThat(MatrixCatalog.load("routing", 0).entries(Split.SEARCH)).hasSize(3);
        assertThat(MatrixCatalog.load("routing", 0).promotion()).isEqualTo(io.nous.evaluator.scenario.PromotionRule.ALL);
        assertThat(m.promotion()).isEqualTo(io.nous.evaluator.scenario.PromotionRule.SOMEWHERE);
        // validation: two shapes the search never saw, and the lab's two on the other engine; test: the rest
        assertThat(m.entries(Split.VALIDATION)).extracting(MatrixEntry::label).containsExactly("lab-4-tenants@1/8pods~isim",
                "lab-hot-80@1/8pods~isim", "lab-16-tenants@1/8pods", "lab-hot-tenant@1/8pods");
        assertThat(m.entries(Split.TEST)).extracting(MatrixEntry::label).containsExactly("lab-hot-50@1/8pods~isim", "lab-hot-95@1/8pods",
                "lab-trace-12@1/8pods~isim");
        Scenario s = m.variants().get(1).apply(m.entries(Split.SEARCH).get(0).scenario(1, m.durationSeconds()));
        assertThat(s.inferenceSim()).isNotNull();
        assertThat(s.promptBytesPerToken()).isEqualTo(6.0);
    }

    @Test
    void aConfigDecidesFlowControlByItsGateAndRoutesTheScenario() {
        Scenario s = MatrixCatalog.load("routing").entries().get(0).scenario(1, 600);
        Scenario routed = config("lab-defaults").deploy(s);
        assertThat(routed.routing().name()).isEqualTo("lab-defaults");
        assertThat(routed.flowControl()).as("no flowControl gate: the legacy path").isFalse();
        assertThat(routed.legacyShedding()).isTrue();
        assertThat(config("default").deploy(s).flowControl()).isTrue();
        assertThat(config("lab-defaults").identity()).isNotEqualTo(config("lab-decode").identity());
    }

    @Test
    void aScorerUnderTestIsTheScorerTheSimulationRuns() {
        Scenario s = MatrixCatalog.load("routing").entries().get(1).scenario(1, 600);
        PolicyUnderTest p = scorer("active-request");
        Scenario routed = p.deploy(s);
        var viaEvaluator = LocalBackend.inProcess(routed, p).result();
        RoutingScorer direct = PolicyRegistry.builtin().routing("active-request");
        var viaSimulation = new ClusterSimulation(routed, PolicyRegistry.builtin().usageLimit("static-usage-limit"), p.name(), null, null,
                direct, p.name()).run();
        assertThat(viaEvaluator.run()).isEqualTo(viaSimulation.run());
        var unscored = LocalBackend.inProcess(routed, config("lab-scorer")).result();
        assertThat(viaEvaluator.run().throughputRps()).as("the scorer replaced the config's token-load-scorer")
                .isNotEqualTo(unscored.run().throughputRps());
    }

    @Test
    void spreadingEveryRequestWinsTheHotTenantAndLosesTheSixteenTenantsThroughput() {
        Matrix m = MatrixCatalog.load("routing");
        try (PairedRunner runner = new PairedRunner(config("lab-defaults"), 2)) {
            EvaluationReport r = new Evaluation(runner, Objectives.byName("routing-ttft"), new PairedBootstrap(500, 0.95))
                    .evaluate(scorer("active-request"), m, Split.SEARCH);
            var hot = r.scenarios().stream().filter(sc -> sc.entry().label().startsWith("lab-hot-tenant")).findFirst().orElseThrow();
            assertThat(hot.objective().verdict()).isEqualTo(Verdict.BETTER);
            ConstraintResult throughput = r.constraints().stream().filter(c -> c.name().equals("no-throughput-loss")).findFirst()
                    .orElseThrow();
            // spread over every pod, the 16 tenants lose their caches: throughput falls there, and the constraint says where
            assertThat(throughput.pass()).isFalse();
            assertThat(throughput.detail()).contains("lab-16-tenants@1/8pods~isim: ");
        }
    }

    @Test
    void theSameSeedGivesTheSameReport() {
        Matrix m = MatrixCatalog.load("routing");
        List<Object> scores = new java.util.ArrayList<>();
        for (int i = 0; i < 2; i++) {
            try (PairedRunner runner = new PairedRunner(config("lab-defaults"), 1 + i)) {
                scores.add(new Evaluation(runner, Objectives.byName("routing-ttft"), new PairedBootstrap(200, 0.95))
                        .evaluate(scorer("token-load"), m, Split.SEARCH).score());
            }
        }
        assertThat(scores.get(1)).isEqualTo(scores.get(0));
    }

    @Test
    void theRoutingFrontScoresThroughputAndPrefixHitsFromTheSameRuns() {
        Matrix m = new Matrix("routing-front", 2, 600, List.of(MatrixCatalog.load("routing").entries(Split.SEARCH).get(0)));
        try (PairedRunner runner = new PairedRunner(config("lab-defaults"), 2)) {
            EvaluationReport r = new Evaluation(runner, Objectives.byName("routing-ttft"), new PairedBootstrap(300, 0.95),
                    List.of(Objectives.byName("routing-throughput"), Objectives.byName("prefix-hit-rate")))
                    .evaluate(scorer("active-request"), m, null);
            var also = r.variants().get(0).also();
            assertThat(also).containsOnlyKeys("routing-throughput", "prefix-hit-rate");
            // spreading the 16 tenants over every pod loses their caches: fewer prompt tokens hit, and fewer requests a second
            assertThat(also.get("prefix-hit-rate").change()).isNegative();
            assertThat(also.get("routing-throughput").change()).isNegative();
            assertThat(Objectives.byName("prefix-hit-rate").lowerIsBetter()).isFalse();
        }
    }
}
