package io.nous.sim.workload.spec;

import io.nous.sim.workload.Workload;

/**
 * A workload read from a BLIS workload-spec file, with the total rate it asks for and, when it says,
 * how long to run ({@code horizon}, or {@code num_requests} / rate), and the {@code seed} it names
 * (null: none).
 */
public record WorkloadSpec(Workload workload, double aggregateRate, Double durationSeconds, Long seed) {
}
