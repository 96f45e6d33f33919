package io.nous.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import io.nous.sim.epp.Fairness;
import io.nous.sim.epp.FlowControlConfig;
import io.nous.sim.epp.PolicyException;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.spi.FairnessPolicy;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.Policies;
import io.nous.sim.workload.WorkloadCatalog;
import org.junit.jupiter.api.Test;

/**
 * The router's fairness policies written against the fairness plug point: at the plug point each
 * band asks the policy which of its flows goes next, with a state of its own; global-strict and
 * round-robin pick the flow the configured fairness picks at every cycle, under the configured
 * ordering and under an ordering at its plug point, so whole runs end alike.
 */
class FairnessTemplatesTest {
    private static final PolicyRegistry REGISTRY = PolicyRegistry.builtin();

    /** 16 tenants on 8 pods past capacity: every band holds several flows at once, and some requests expire. */
    private static Scenario overloaded(Fairness fairness) {
        FlowControlConfig fc = FlowControlConfig.DEFAULTS.withFairness(fairness).withTtlUs(4_000_000);
        return Scenario.builder(WorkloadCatalog.builtin().workload("system-prompts")).qps(140).durationSeconds(90).seed(7)
                .flowControlConfig(fc).build();
    }

    private static SimulationResult run(Scenario s, FairnessPolicy fairness, String ordering) {
        Policies p = Policies.none().with(PlugPoint.USAGE_LIMIT, REGISTRY.usageLimit("soft-reflective-ceiling"), "soft");
        if (fairness != null) {
            p = p.with(PlugPoint.FAIRNESS, fairness, "plugged");
        }
        if (ordering != null) {
            p = p.with(PlugPoint.ORDERING, REGISTRY.create(PlugPoint.ORDERING, ordering), ordering);
        }
        return new ClusterSimulation(s, p).run().withWallSeconds(0);
    }

    private static void assertSameRun(SimulationResult plugged, SimulationResult builtIn, String what) {
        assertThat(plugged.policy().fairnessPolicy()).isEqualTo("plugged");
        assertThat(plugged.classes()).as(what + ": per-class outcomes").isEqualTo(builtIn.classes());
        assertThat(plugged.podStats()).as(what).isEqualTo(builtIn.podStats());
        assertThat(plugged.run()).as(what).isEqualTo(builtIn.run());
    }

    @Test
    void theRoutersFairnessPoliciesAtThePlugPointPickAsTheConfiguredOnes() {
        for (Fairness f : Fairness.values()) {
            Scenario s = overloaded(f);
            for (String ordering : new String[] {null, "slo-deadline"}) {
                SimulationResult builtIn = run(s, null, ordering);
                assertThat(builtIn.classes().values()).anySatisfy(c -> assertThat(c.evictedTtl()).isPositive());
                assertSameRun(run(s, REGISTRY.create(PlugPoint.FAIRNESS, f.id()), ordering), builtIn,
                        f.id() + " under " + (ordering == null ? "the configured fcfs" : ordering));
            }
        }
    }

    @Test
    void roundRobinAndGlobalStrictDifferWhereFlowsCompete() {
        Scenario s = overloaded(Fairness.GLOBAL_STRICT);
        SimulationResult strict = run(s, REGISTRY.create(PlugPoint.FAIRNESS, "global-strict"), null);
        SimulationResult robin = run(s, REGISTRY.create(PlugPoint.FAIRNESS, "round-robin"), null);
        assertThat(robin.classes()).isNotEqualTo(strict.classes());
    }

    @Test
    void aPickOutsideTheFlowsFailsTheRunNamingTheBand() {
        FairnessPolicy past = (n, ids, q, rank, e, b, slo, state) -> n;
        assertThatThrownBy(() -> run(overloaded(Fairness.GLOBAL_STRICT), past, null)).isInstanceOf(PolicyException.class)
                .hasMessageContaining("fairness policy 'plugged' picked flow").hasMessageContaining("a pick is an index in [0, ");
    }
}
