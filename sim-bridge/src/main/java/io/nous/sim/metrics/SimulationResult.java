package io.nous.sim.metrics;

import java.util.List;
import java.util.Map;

/**
 * Everything one simulation run measured. Deterministic: identical for identical scenario, policy
 * and seed, except {@link #wallSeconds()}, the only wall-clock figure, reported for speed.
 *
 * @param meanInSystem time-average number of requests in the system over the measurement window
 *                     (for a Little's-law check against throughput x mean E2E)
 * @param prefixCache  the pods' prefix caches together, or null when no prompt shares anything with
 *                     another (or caching is off): then there is nothing to hit but a preempted
 *                     request's own blocks
 * @param clientTimeouts whether clients give up on requests (then classes count {@code timed_out})
 * @param pool         what an autoscaled pool did, or null: a fixed pool
 * @param disaggregation what prefill/decode disaggregation did, or null: the pool has no prefill pods
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
        double meanInSystem,
        PrefixCacheSummary prefixCache,
        boolean clientTimeouts,
        RunSummary run,
        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
        io.nous.sim.pool.PoolSummary pool,
        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
        io.nous.sim.pd.DisaggSummary disaggregation) {

    /** The same result with another wall-clock time (0 to compare two runs for equality). */
    public SimulationResult withWallSeconds(double seconds) {
        return new SimulationResult(workload, qps, seed, pods, costProfile, detector, flowControl, durationSeconds, warmupSeconds,
                simulatedSeconds, seconds, events, classes, podStats, saturation, policy, meanInSystem, prefixCache, clientTimeouts, run, pool,
                disaggregation);
    }

    /**
     * The same result for another usage-limit policy that decided every cycle as this run's did, taking
     * {@code wallSeconds} to show it ({@link io.nous.sim.epp.DecisionReplay}): every count is this run's,
     * the policy's name is its own.
     */
    public SimulationResult decidedAlikeBy(String usageLimitPolicy, double wallSeconds) {
        return new SimulationResult(workload, qps, seed, pods, costProfile, detector, flowControl, durationSeconds, warmupSeconds,
                simulatedSeconds, wallSeconds, events, classes, podStats, saturation, policy.withUsageLimitPolicy(usageLimitPolicy),
                meanInSystem, prefixCache, clientTimeouts, run, pool, disaggregation);
    }

    /** Simulated seconds per wall-clock second. */
    public double speedup() {
        return wallSeconds > 0 ? simulatedSeconds / wallSeconds : Double.POSITIVE_INFINITY;
    }
}
