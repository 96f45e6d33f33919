package io.nous.sim.epp;

/**
 * Demand-driven in-flight eviction settings, with the router's defaults
 * (pkg/epp/flowcontrol/controller/config.go): off unless enabled ({@code flowControl.enableEviction});
 * when on, a reclamation decision revokes at most {@code maxRevocationsPerDecision} leases, and the
 * next decision waits until every revocation is confirmed and {@code confirmationGraceUs} more has
 * passed (or {@code confirmationTimeoutUs} since it was issued).
 *
 * @param enabled                   whether the router evicts dispatched requests at all (default off)
 * @param maxRevocationsPerDecision revocations one decision may issue (router default 2)
 * @param confirmationGraceUs       wait after a confirmation before the next decision, or {@link #DERIVED}: from the
 *                                  saturation detector, as the router's runner derives it
 *                                  (cmd/epp/runner/runner.go {@code deriveEvictionConfirmationGrace})
 * @param confirmationTimeoutUs     how long an unconfirmed revocation may hold the gate shut (router default 10 s)
 * @param terminationUs             from the eviction signal to the request's stream ending at the router, which
 *                                  confirms it (3 ms, the router's own eviction benchmark,
 *                                  pkg/epp/flowcontrol/benchmark/evictionsim_test.go {@code termLatency})
 */
public record EvictionConfig(boolean enabled, int maxRevocationsPerDecision, long confirmationGraceUs, long confirmationTimeoutUs,
                             long terminationUs) {

    /** The grace is the detector's lag, derived as the router derives it ({@link #graceUs}). */
    public static final long DERIVED = -1;
    /** The concurrency detector's grace: its counters drop when the stream ends, so only a few dispatch ticks. */
    public static final long LEADING_SENSOR_GRACE_US = 10_000L;
    /** A scraped detector's allowance for the engine to abort the request and free its KV blocks. */
    public static final long ENGINE_RECLAIM_BUDGET_US = 250_000L;

    /** Eviction off, with the router's defaults for when it is turned on. */
    public static final EvictionConfig OFF = new EvictionConfig(false, 2, DERIVED, 10_000_000L, 3_000L);

    public EvictionConfig {
        if (maxRevocationsPerDecision < 1) {
            throw new IllegalArgumentException("eviction: revocations per decision must be at least 1, got " + maxRevocationsPerDecision);
        }
        if (confirmationGraceUs < DERIVED) {
            throw new IllegalArgumentException("eviction: the confirmation grace cannot be negative, got " + confirmationGraceUs / 1000.0 + " ms");
        }
        if (confirmationTimeoutUs <= 0) {
            throw new IllegalArgumentException("eviction: the confirmation timeout must be positive, got " + confirmationTimeoutUs / 1000.0 + " ms");
        }
        if (terminationUs < 0) {
            throw new IllegalArgumentException("eviction: the termination latency cannot be negative, got " + terminationUs / 1000.0 + " ms");
        }
    }

    /**
     * The grace in force: the configured one, or the router's derivation from the detector: 10 ms for the
     * concurrency detector, whose gauge leads the engine; for a scraped one the refresh interval plus the
     * staleness threshold plus 250 ms for the engine to reclaim the blocks.
     */
    public long graceUs(boolean concurrencyDetector, long refreshIntervalUs, long stalenessUs) {
        if (confirmationGraceUs != DERIVED) {
            return confirmationGraceUs;
        }
        return concurrencyDetector ? LEADING_SENSOR_GRACE_US : refreshIntervalUs + stalenessUs + ENGINE_RECLAIM_BUDGET_US;
    }

    /** The router's defaults, turned on. */
    public static EvictionConfig on() {
        return OFF.withEnabled(true);
    }

    public EvictionConfig withEnabled(boolean on) {
        return new EvictionConfig(on, maxRevocationsPerDecision, confirmationGraceUs, confirmationTimeoutUs, terminationUs);
    }

    public EvictionConfig withConfirmationGraceUs(long us) {
        return new EvictionConfig(enabled, maxRevocationsPerDecision, us, confirmationTimeoutUs, terminationUs);
    }

    public EvictionConfig withMaxRevocationsPerDecision(int n) {
        return new EvictionConfig(enabled, n, confirmationGraceUs, confirmationTimeoutUs, terminationUs);
    }
}
