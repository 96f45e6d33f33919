package io.nous.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.pd.Disaggregation;
import io.nous.sim.pd.KvTransfer;
import io.nous.sim.routing.RoutingConfig;
import io.nous.sim.spi.DisaggregationDecider;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.Policies;
import io.nous.sim.workload.WorkloadCatalog;
import org.junit.jupiter.api.Test;

/**
 * The router's P/D deciders written against the decider plug point: at the plug point they decide
 * exactly as the router config's own deciders, so whole runs are the same bytes; the threshold seed
 * keeps short prompts and light decode pods local.
 */
class DeciderTemplatesTest {
    private static final PolicyRegistry REGISTRY = PolicyRegistry.builtin();

    /** A 2+2 pool with prompts that share a system prompt, so the decode pods' caches decide some requests. */
    private static Scenario pool(String config) {
        RoutingConfig c = RoutingConfig.parse(RoutingConfig.byNameOrFile("pd").text().replace("nonCachedTokens: 16", config), "pd", "pd.yaml");
        return Scenario.builder(WorkloadCatalog.builtin().workload("system-prompts")).qps(16).durationSeconds(90).seed(3).pods(4)
                .routing(c).disaggregation(new Disaggregation(2, KvTransfer.RDMA)).build();
    }

    private static SimulationResult run(Scenario s, DisaggregationDecider d) {
        Policies p = d == null ? Policies.none() : Policies.none().with(PlugPoint.PD_DECIDER, d, "plugged");
        return new ClusterSimulation(s, p).run().withWallSeconds(0);
    }

    @Test
    void thePluggedRouterDecidersDecideAsTheConfigsOwn() {
        Scenario prefix = pool("nonCachedTokens: 256");
        SimulationResult own = run(prefix, null);
        SimulationResult plugged = run(prefix, REGISTRY.create(PlugPoint.PD_DECIDER, "prefix-based-pd:nonCachedTokens=256"));
        assertThat(plugged).isEqualTo(own);
        // some prompts found enough of themselves on their decode pod to stay there, others did not
        assertThat(own.disaggregation().share()).isStrictlyBetween(0.0, 1.0);

        Scenario always = pool("nonCachedTokens: 1");
        assertThat(run(always, REGISTRY.create(PlugPoint.PD_DECIDER, "always-disagg")).disaggregation().share()).isEqualTo(1.0);
    }

    @Test
    void theThresholdSeedKeepsShortPromptsAndLightDecodePodsLocal() {
        DisaggregationDecider d = REGISTRY.create(PlugPoint.PD_DECIDER, "threshold-pd:minUncached=512,localBelowRunning=8");
        assertThat(d.disaggregate(4000, 3800, 0, 50, 0.2)).isFalse(); // 200 uncached
        assertThat(d.disaggregate(4000, 0, 0, 50, 0.2)).isTrue();
        assertThat(d.disaggregate(4000, 0, 0, 3, 0.2)).isFalse(); // a light decode pod prefills it itself
        assertThat(d.disaggregate(4000, 0, 2, 3, 0.2)).isTrue(); // unless it queues
        DisaggregationDecider router = REGISTRY.create(PlugPoint.PD_DECIDER, "prefix-based-pd");
        assertThat(router.disaggregate(20, 0, 0, 0, 0)).isTrue();
        assertThat(router.disaggregate(4000, 3990, 0, 0, 0)).isFalse();
        assertThat(REGISTRY.create(PlugPoint.PD_DECIDER, "prefix-based-pd:nonCachedTokens=0").disaggregate(9000, 0, 0, 0, 0)).isFalse();
    }
}
