package io.nous.sim.metrics;

import java.util.List;

/**
 * What the policies did: how often the usage-limit policy and the admission policy were called,
 * how often each band was gated, and whether the usage-limit policy's output ever broke the
 * contract (NaN, outside [0, 1], increasing down the bands); and which ordering policy ordered the
 * bands' queues when one filled the plug point ({@code orderingPolicy}, null: the flow controller's
 * configured ordering).
 */
public record PolicySummary(String usageLimitPolicy, String admissionPolicy, long calls, long admissionCalls,
                            List<BandSummary> bands, long ceilingViolations, String firstViolation, String orderingPolicy) {

    /** A summary of a run whose queues the configured ordering ordered. */
    public PolicySummary(String usageLimitPolicy, String admissionPolicy, long calls, long admissionCalls, List<BandSummary> bands,
                         long ceilingViolations, String firstViolation) {
        this(usageLimitPolicy, admissionPolicy, calls, admissionCalls, bands, ceilingViolations, firstViolation, null);
    }

    /** One band: its priority and the share of dispatch cycles in which it could not dispatch. */
    public record BandSummary(int priority, double gatedShare) {
    }
}
