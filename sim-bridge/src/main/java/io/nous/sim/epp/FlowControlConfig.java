package io.nous.sim.epp;

/**
 * Flow-control settings, with the router's defaults (llm-d-router flowcontrol/controller/config.go
 * and registry/config.go).
 *
 * @param ttlUs              how long a request may wait in a band before it is evicted (60 s; 0 disables)
 * @param sweepIntervalUs    how often expired requests are swept (1 s)
 * @param tickUs             the dispatch ticker period (1 ms)
 * @param maxRequestsPerBand per-band request limit (5,000)
 * @param maxBytesPerBand    per-band payload limit (1 GB)
 * @param failOnContractViolation fail the run at the first ceiling that breaks the contract (default);
 *                           off: count breaches and carry on, as the router does
 * @param eviction           demand-driven in-flight eviction (off by default, as in the router)
 */
public record FlowControlConfig(
        long ttlUs,
        long sweepIntervalUs,
        long tickUs,
        int maxRequestsPerBand,
        long maxBytesPerBand,
        Fairness fairness,
        Ordering ordering,
        boolean failOnContractViolation,
        EvictionConfig eviction) {

    public static final FlowControlConfig DEFAULTS = new FlowControlConfig(
            60_000_000L, 1_000_000L, 1_000L, 5_000, 1_000_000_000L, Fairness.GLOBAL_STRICT, Ordering.FCFS, true,
            EvictionConfig.OFF);

    public FlowControlConfig {
        if (ttlUs < 0 || sweepIntervalUs <= 0 || tickUs <= 0 || maxRequestsPerBand <= 0 || maxBytesPerBand <= 0) {
            throw new IllegalArgumentException("flow control: ttl >= 0, sweep interval, tick and band limits > 0");
        }
        if (fairness == null || ordering == null) {
            throw new IllegalArgumentException("flow control: fairness and ordering are required");
        }
        if (eviction == null) {
            eviction = EvictionConfig.OFF;
        }
    }

    public FlowControlConfig withFairness(Fairness f) {
        return new FlowControlConfig(ttlUs, sweepIntervalUs, tickUs, maxRequestsPerBand, maxBytesPerBand, f, ordering,
                failOnContractViolation, eviction);
    }

    public FlowControlConfig withOrdering(Ordering o) {
        return new FlowControlConfig(ttlUs, sweepIntervalUs, tickUs, maxRequestsPerBand, maxBytesPerBand, fairness, o,
                failOnContractViolation, eviction);
    }

    public FlowControlConfig withTtlUs(long ttl) {
        return new FlowControlConfig(ttl, sweepIntervalUs, tickUs, maxRequestsPerBand, maxBytesPerBand, fairness, ordering,
                failOnContractViolation, eviction);
    }

    public FlowControlConfig withMaxRequestsPerBand(int n) {
        return new FlowControlConfig(ttlUs, sweepIntervalUs, tickUs, n, maxBytesPerBand, fairness, ordering,
                failOnContractViolation, eviction);
    }

    public FlowControlConfig withFailOnContractViolation(boolean fail) {
        return new FlowControlConfig(ttlUs, sweepIntervalUs, tickUs, maxRequestsPerBand, maxBytesPerBand, fairness, ordering, fail, eviction);
    }

    public FlowControlConfig withEviction(EvictionConfig e) {
        return new FlowControlConfig(ttlUs, sweepIntervalUs, tickUs, maxRequestsPerBand, maxBytesPerBand, fairness, ordering,
                failOnContractViolation, e);
    }
}
