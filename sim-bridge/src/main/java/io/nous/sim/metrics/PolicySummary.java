package io.nous.sim.metrics;

import java.util.List;

/**
 * What the policies did: how often the usage-limit policy and the admission policy were called,
 * how often each band was gated, and whether the usage-limit policy's output ever broke the
 * contract (NaN, outside [0, 1], increasing down the bands); and which ordering and fairness
 * policies ran when they filled their plug points ({@code orderingPolicy}, {@code fairnessPolicy};
 * null: the flow controller's configured ones), and what in-flight eviction did ({@code eviction}; null:
 * off).
 */
public record PolicySummary(String usageLimitPolicy, String admissionPolicy, long calls, long admissionCalls,
                            List<BandSummary> bands, long ceilingViolations, String firstViolation, String orderingPolicy,
                            String fairnessPolicy, EvictionSummary eviction) {

    /** A summary of a run without in-flight eviction. */
    public PolicySummary(String usageLimitPolicy, String admissionPolicy, long calls, long admissionCalls, List<BandSummary> bands,
                         long ceilingViolations, String firstViolation, String orderingPolicy, String fairnessPolicy) {
        this(usageLimitPolicy, admissionPolicy, calls, admissionCalls, bands, ceilingViolations, firstViolation, orderingPolicy,
                fairnessPolicy, null);
    }

    /** A summary of a run whose queues the configured fairness served. */
    public PolicySummary(String usageLimitPolicy, String admissionPolicy, long calls, long admissionCalls, List<BandSummary> bands,
                         long ceilingViolations, String firstViolation, String orderingPolicy) {
        this(usageLimitPolicy, admissionPolicy, calls, admissionCalls, bands, ceilingViolations, firstViolation, orderingPolicy, null);
    }

    /** A summary of a run whose queues the configured ordering ordered. */
    public PolicySummary(String usageLimitPolicy, String admissionPolicy, long calls, long admissionCalls, List<BandSummary> bands,
                         long ceilingViolations, String firstViolation) {
        this(usageLimitPolicy, admissionPolicy, calls, admissionCalls, bands, ceilingViolations, firstViolation, null, null);
    }

    /** The same summary with the usage-limit policy named {@code name}. */
    public PolicySummary withUsageLimitPolicy(String name) {
        return new PolicySummary(name, admissionPolicy, calls, admissionCalls, bands, ceilingViolations, firstViolation, orderingPolicy,
                fairnessPolicy, eviction);
    }

    /**
     * In-flight eviction over the whole run: the policy that chose victims, the confirmation grace in
     * force, the reclamation decisions that ran and the leases they revoked (warm-up and drain included).
     */
    public record EvictionSummary(String policy, double graceMs, long decisions, long revocations) {
    }

    /** One band: its priority and the share of dispatch cycles in which it could not dispatch. */
    public record BandSummary(int priority, double gatedShare) {
    }
}
