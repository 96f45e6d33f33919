package io.nous.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nous.sim.ClusterSimulation;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.Scenario;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.pod.InferenceSimConfig;
import io.nous.sim.routing.RoutingConfig;
import io.nous.sim.spi.RoutingScorer;
import io.nous.sim.workload.WorkloadCatalog;
import org.junit.jupiter.api.Test;

/**
 * The router's token-load and active-request scorers written as routing candidates: in the lab's
 * profiles, in place of the built-in scorer, they route every request of every lab cell identically
 * (the seeds a routing search starts from are the deployments it must beat).
 */
class RoutingTemplatesTest {

    private static SimulationResult run(String workload, String config, RoutingScorer scorer) {
        RoutingConfig routing = RoutingConfig.byNameOrFile(config);
        Scenario s = Scenario.builder(WorkloadCatalog.builtin().workload(workload)).qps(1).pods(8)
                .inferenceSim(InferenceSimConfig.byNameOrFile("lab-inference-sim")).routing(routing).flowControl(false).build();
        return new ClusterSimulation(s, null, "none", null, null, scorer, scorer == null ? null : "candidate").run().withWallSeconds(0);
    }

    private static SimulationResult withoutLabel(SimulationResult r, String routing) {
        var run = r.run();
        return new SimulationResult(r.workload(), r.qps(), r.seed(), r.pods(), r.costProfile(), r.detector(), r.flowControl(),
                r.durationSeconds(), r.warmupSeconds(), r.simulatedSeconds(), 0, r.events(), r.classes(), r.podStats(), r.saturation(),
                r.policy(), r.meanInSystem(), r.prefixCache(), r.clientTimeouts(), new io.nous.sim.metrics.RunSummary(routing,
                        run.engine(), run.completed(), run.promptTokens(), run.cachedPromptTokens(), run.ttft(), run.throughputRps()), r.pool(), r.disaggregation());
    }

    @Test
    void theSeedsRouteExactlyAsTheBuiltInScorersTheyTranscribe() {
        PolicyRegistry registry = PolicyRegistry.builtin();
        for (String workload : new String[] {"lab-16-tenants", "lab-hot-tenant", "lab-trace-12"}) {
            SimulationResult builtIn = run(workload, "lab-defaults", null);
            SimulationResult seed = run(workload, "lab-defaults", registry.routing("token-load"));
            assertThat(withoutLabel(seed, "x")).as(workload).isEqualTo(withoutLabel(builtIn, "x"));
            SimulationResult decode = run(workload, "lab-decode", null);
            SimulationResult decodeSeed = run(workload, "lab-decode", registry.routing("active-request"));
            assertThat(withoutLabel(decodeSeed, "x")).as(workload).isEqualTo(withoutLabel(decode, "x"));
        }
    }

    @Test
    void routingReferencesAreCheckedAndNamedByKind() {
        PolicyRegistry registry = PolicyRegistry.builtin();
        assertThat(registry.template("token-load-scorer").kind()).isEqualTo(PlugPoint.ROUTING);
        assertThat(registry.routing("token-load:queueThresholdTokens=1000").score(100, 0, 100, 400, 1, 1, 0, 0, 0)).isEqualTo(0.5);
        assertThat(registry.routing("active-request:idleThreshold=1").score(100, 0, 100, 0, 1, 4, 0, 0, 0)).isEqualTo(1.0);
        assertThat(registry.source("token-load:queueThresholdTokens=1000")).contains("this(1000);");
        assertThatThrownBy(() -> registry.usageLimit("token-load")).hasMessageContaining("is a routing scorer, not a usage-limit policy");
        assertThatThrownBy(() -> registry.routing("probabilistic-admitter")).hasMessageContaining("is an admission policy, not a routing scorer");
        assertThatThrownBy(() -> registry.routing("token-load:queueThresholdTokens=0")).hasMessageContaining("must be > 0");
    }

    @Test
    void lmetricPrefersTheEndpointWhoseNewPrefillTimesBatchIsSmallest() {
        RoutingScorer lmetric = PolicyRegistry.builtin().routing("lmetric");
        // a 4,000-token prompt: cached but busy (100 new tokens x 5) beats idle and cold (4,000 x 1)
        double cachedBusy = lmetric.score(4_000, 0.975, 100, 20_000, 4, 8, 2, 4, 0.6);
        double coldIdle = lmetric.score(4_000, 0, 4_000, 0, 0, 8, 0, 0, 0);
        assertThat(cachedBusy).isGreaterThan(coldIdle);
        // nothing to prefill anywhere: every endpoint costs 0 and they tie, whatever their load (the formula's own blind spot)
        assertThat(lmetric.score(4_000, 1, 0, 90_000, 30, 30, 9, 30, 0.9)).isEqualTo(lmetric.score(4_000, 1, 0, 0, 0, 30, 0, 0, 0))
                .isEqualTo(1.0);
        // the order is the order of cost: 200 x 3 = 600 beats 150 x 5 = 750
        assertThat(lmetric.score(1_000, 0.8, 200, 0, 2, 4, 0, 0, 0)).isGreaterThan(lmetric.score(1_000, 0.85, 150, 0, 4, 4, 0, 0, 0));
        // as the only scorer of the lab's scorer profile it routes every request of a lab cell to completion
        SimulationResult r = run("lab-hot-tenant", "lab-scorer", lmetric);
        assertThat(r.run().completed()).isEqualTo(200);
        assertThat(PolicyRegistry.builtin().template("lmetric-scorer").kind()).isEqualTo(PlugPoint.ROUTING);
    }
}
