package io.nous.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import io.nous.sim.epp.Fairness;
import io.nous.sim.epp.FlowControlConfig;
import io.nous.sim.epp.Ordering;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.spi.OrderingPolicy;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.Policies;
import io.nous.sim.workload.WorkloadCatalog;
import org.junit.jupiter.api.Test;

/**
 * The router's orderings written against the ordering plug point: at the plug point each flow is a
 * heap ordered by the policy, where the built-in orderings keep a FIFO; both dispatch the same
 * request at every cycle, so whole runs end alike (but for the ordering's name in the results).
 */
class OrderingTemplatesTest {
    private static final PolicyRegistry REGISTRY = PolicyRegistry.builtin();

    /** 16 tenants on 8 pods past capacity, gated by soft-reflective: queues build in both bands, and some requests expire. */
    private static Scenario overloaded(Fairness fairness, Ordering ordering, long ttlUs) {
        FlowControlConfig fc = FlowControlConfig.DEFAULTS.withFairness(fairness).withOrdering(ordering).withTtlUs(ttlUs);
        return Scenario.builder(WorkloadCatalog.builtin().workload("system-prompts")).qps(140).durationSeconds(90).seed(5)
                .flowControlConfig(fc).build();
    }

    private static SimulationResult run(Scenario s, OrderingPolicy ordering) {
        Policies p = Policies.none().with(PlugPoint.USAGE_LIMIT, REGISTRY.usageLimit("soft-reflective-ceiling"), "soft");
        if (ordering != null) {
            p = p.with(PlugPoint.ORDERING, ordering, "plugged");
        }
        return new ClusterSimulation(s, p).run().withWallSeconds(0);
    }

    private static void assertSameRun(SimulationResult plugged, SimulationResult builtIn, String what) {
        assertThat(plugged.policy().orderingPolicy()).isEqualTo("plugged");
        assertThat(builtIn.policy().orderingPolicy()).isNull();
        assertThat(plugged.classes()).as(what + ": per-class outcomes").isEqualTo(builtIn.classes());
        assertThat(plugged.saturation()).as(what + ": saturation samples").isEqualTo(builtIn.saturation());
        assertThat(plugged.podStats()).as(what).isEqualTo(builtIn.podStats());
        assertThat(plugged.run()).as(what).isEqualTo(builtIn.run());
        assertThat(plugged.policy().bands()).as(what + ": gating").isEqualTo(builtIn.policy().bands());
    }

    @Test
    void fcfsAtThePlugPointDispatchesExactlyAsTheBuiltInFifo() {
        for (Fairness fairness : Fairness.values()) {
            Scenario s = overloaded(fairness, Ordering.FCFS, 4_000_000);
            SimulationResult builtIn = run(s, null);
            assertThat(builtIn.classes().values()).as("the case queues past the TTL")
                    .anySatisfy(c -> assertThat(c.evictedTtl()).isPositive());
            assertSameRun(run(s, REGISTRY.create(PlugPoint.ORDERING, "fcfs")), builtIn, "fcfs under " + fairness.id());
        }
    }

    @Test
    void edfAtThePlugPointDispatchesExactlyAsTheConfiguredEdf() {
        Scenario s = overloaded(Fairness.GLOBAL_STRICT, Ordering.EDF, 4_000_000);
        assertSameRun(run(s, REGISTRY.create(PlugPoint.ORDERING, "edf")), run(s, null), "edf");
    }
}
