package io.nous.sim.metrics;

import java.util.List;

/**
 * What the usage-limit policy did: how often it was called, how often each band was gated, and
 * whether its output ever broke the contract (NaN, outside [0, 1], increasing down the bands).
 */
public record PolicySummary(String usageLimitPolicy, String admissionPolicy, long calls, List<BandSummary> bands,
                            long ceilingViolations, String firstViolation) {

    /** One band: its priority and the share of dispatch cycles in which it could not dispatch. */
    public record BandSummary(int priority, double gatedShare) {
    }
}
