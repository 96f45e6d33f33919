package io.nous.sim.metrics;

import java.util.List;
import java.util.Map;

/**
 * Everything one simulation run measured. Deterministic: identical for identical scenario, policy
 * and seed, except {@link #wallSeconds()}, the only wall-clock figure, reported for speed.
 *
 * @param meanInSystem time-average number of requests in the system over the measurement window
 *                     (for a Little's-law check against throughput x mean E2E)
 */
public record SimulationResult(
        String workload,
        double qps,
        long seed,
        int pods,
        String costProfile,
        String detector,
        boolean flowControl,
        double durationSeconds,
        double warmupSeconds,
        double simulatedSeconds,
        double wallSeconds,
        long events,
        Map<String, ClassSummary> classes,
        List<PodSummary> podStats,
        SaturationSummary saturation,
        PolicySummary policy,
        double meanInSystem) {

    /** Simulated seconds per wall-clock second. */
    public double speedup() {
        return wallSeconds > 0 ? simulatedSeconds / wallSeconds : Double.POSITIVE_INFINITY;
    }
}
