package io.nous.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import io.nous.sim.epp.RouterRelease;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.workload.WorkloadCatalog;
import org.junit.jupiter.api.Test;

/**
 * soft-reflective-ceiling's defining property: a no-op where there is no contention, protection
 * for critical traffic where the cluster saturates. Run on the study's router (no queue TTL), as
 * the published study was: with today's 60 s TTL both arms' tails are capped at the TTL.
 */
class SoftReflectiveRegimesTest {

    private static SimulationResult run(String workload, double qps, String policy) {
        Scenario s = Scenario.builder(WorkloadCatalog.builtin().workload(workload)).qps(qps).durationSeconds(300)
                .routerRelease(RouterRelease.V0_9).build();
        return new ClusterSimulation(s, PolicyRegistry.builtin().usageLimit(policy), policy, null, null).run();
    }

    @Test
    void underCapacityItChangesNothing() {
        for (String[] point : new String[][] {{"code-generation", "4"}, {"code-generation", "10"}, {"interactive-chat", "20"},
                {"interactive-chat", "40"}, {"interactive-chat", "60"}, {"reasoning", "0.2"}}) {
            double qps = Double.parseDouble(point[1]);
            SimulationResult base = run(point[0], qps, "static-usage-limit");
            SimulationResult soft = run(point[0], qps, "soft-reflective-ceiling");
            assertThat(soft.classes()).as(point[0] + "@" + point[1]).isEqualTo(base.classes());
        }
    }

    @Test
    void nearCapacityItCutsCriticalTailLatency() {
        for (String[] point : new String[][] {{"code-generation", "16", "0.8"}, {"interactive-chat", "80", "0.1"}}) {
            double qps = Double.parseDouble(point[1]);
            double base = run(point[0], qps, "static-usage-limit").classes().get("critical").ttft().p99Ms();
            double soft = run(point[0], qps, "soft-reflective-ceiling").classes().get("critical").ttft().p99Ms();
            assertThat(soft).as(point[0] + "@" + point[1]).isLessThan(base * Double.parseDouble(point[2]));
        }
    }
}
