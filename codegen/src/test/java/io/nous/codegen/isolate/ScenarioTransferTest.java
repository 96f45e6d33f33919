package io.nous.codegen.isolate;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.sim.Scenario;
import io.nous.sim.workload.Workload;
import io.nous.sim.workload.WorkloadCatalog;
import org.junit.jupiter.api.Test;

/**
 * A scenario reaches a worker JVM whole: every built-in workload, sent as a job's scenario, reads
 * back equal, shared prefixes and SLO headers included (system-prompts once arrived without its
 * system prompts, and a worker simulated it with nothing to cache).
 */
class ScenarioTransferTest {
    @Test
    void everyBuiltInWorkloadSurvivesTheJobsJson() {
        for (Workload w : WorkloadCatalog.builtin().workloads().values()) {
            Scenario s = Scenario.builder(w).qps(w.qpsPoints().isEmpty() ? 1 : w.qpsPoints().get(0)).seed(3).build();
            Scenario back = WorkerProtocol.fromJson(WorkerProtocol.toJson(s), Scenario.class);
            assertThat(back.workload()).as(w.name()).isEqualTo(w);
            assertThat(back).as(w.name()).isEqualTo(s);
        }
    }
}
