package io.nous.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.workload.WorkloadCatalog;
import org.junit.jupiter.api.Test;

/**
 * The property BRIEF §2 calls important: soft-reflective-ceiling is a no-op where there is no
 * contention, and protects critical traffic near capacity.
 */
class SoftReflectiveRegimesTest {

    private static SimulationResult run(String workload, double qps, String policy) {
        Scenario s = Scenario.builder(WorkloadCatalog.builtin().workload(workload)).qps(qps).durationSeconds(300).build();
        return new ClusterSimulation(s, PolicyRegistry.builtin().usageLimit(policy), policy, null, null).run();
    }

    @Test
    void underCapacityItChangesNothing() {
        for (String[] point : new String[][] {{"code-generation", "4"}, {"code-generation", "10"}, {"interactive-chat", "20"},
                {"interactive-chat", "40"}, {"reasoning", "0.2"}}) {
            double qps = Double.parseDouble(point[1]);
            SimulationResult base = run(point[0], qps, "static-usage-limit");
            SimulationResult soft = run(point[0], qps, "soft-reflective-ceiling");
            assertThat(soft.classes()).as(point[0] + "@" + point[1]).isEqualTo(base.classes());
        }
    }

    @Test
    void nearCapacityItCutsCriticalTailLatency() {
        for (String[] point : new String[][] {{"code-generation", "16"}, {"interactive-chat", "60"}}) {
            double qps = Double.parseDouble(point[1]);
            double base = run(point[0], qps, "static-usage-limit").classes().get("critical").ttft().p99Ms();
            double soft = run(point[0], qps, "soft-reflective-ceiling").classes().get("critical").ttft().p99Ms();
            assertThat(soft).as(point[0] + "@" + point[1]).isLessThan(base / 2);
        }
    }
}
