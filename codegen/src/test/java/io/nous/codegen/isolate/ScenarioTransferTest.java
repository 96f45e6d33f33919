package io.nous.codegen.isolate;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.sim.Scenario;
import io.nous.sim.workload.Workload;
import io.nous.sim.workload.WorkloadCatalog;
import io.nous.sim.workload.spec.WorkloadSpecReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

    @Test
    void aWorkloadSpecsClientsSurviveTheJobsJson(@TempDir Path dir) throws Exception {
        // closed-loop users, a shared prefix, lifecycle windows, an SLO header, agents' sessions, a deadline
        Path f = dir.resolve("clients.yaml");
        Files.writeString(f, """
                version: "2"
                aggregate_rate: 10
                clients:
                  - id: chat
                    tenant_id: acme
                    slo_class: critical
                    rate_fraction: 0.5
                    slo_ttft_ms: 800
                    prefix_group: system
                    prefix_length: 300
                    timeout: 30000000
                    arrival: {process: gamma, cv: 2}
                    input_distribution: {type: lognormal, params: {mu: 5, sigma: 0.5, min: 8, max: 4000}}
                    output_distribution: {type: exponential, params: {mean: 120}}
                    lifecycle: {windows: [{start_us: 0, end_us: 60000000}]}
                  - id: agents
                    slo_class: standard
                    rate_fraction: 0.5
                    arrival: {process: poisson}
                    input_distribution: {type: constant, params: {value: 100}}
                    output_distribution: {type: constant, params: {value: 20}}
                    reasoning:
                      multi_turn:
                        max_rounds: 20
                        context_growth: accumulate
                        agent:
                          think_ms: {type: lognormal, params: {mu: 7, sigma: 1}}
                          tool_share: 0.8
                          tool_ms: {type: exponential, params: {mean: 800}}
                          subagents: {share: 0.1, min: 1, max: 3, rounds: 5, result_tokens: 200}
                  - id: users
                    slo_class: sheddable
                    concurrency: 4
                    think_time_us: 2000000
                    input_distribution: {type: constant, params: {value: 50}}
                    output_distribution: {type: constant, params: {value: 50}}
                """);
        Workload w = WorkloadSpecReader.read(f).workload();
        Scenario s = Scenario.builder(w).qps(10).seed(5).build();
        Scenario back = WorkerProtocol.fromJson(WorkerProtocol.toJson(s), Scenario.class);
        assertThat(back.workload()).isEqualTo(w);
        assertThat(back).isEqualTo(s);
        assertThat(back.workload().clients().get(0).sloTtftMs()).isEqualTo(800);
    }
}
