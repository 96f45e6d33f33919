package io.nous.sim.epp;

import java.util.List;
import java.util.Locale;

/**
 * Flow-control defaults of the llm-d-router releases that matter for Nous's scenarios. They differ
 * in what bounds a request's wait in a band queue, which decides what the baseline's worst
 * latencies and drops look like once the cluster is saturated.
 *
 * <ul>
 *   <li>{@link #V0_9} — the router of the published soft-reflective-ceiling study: tag v0.9.0 and
 *       main up to the policy's merge (#1956, 2026-07-22). {@code controller/config.go} applied no
 *       queue TTL unless one was configured ("If zero, no TTL is applied by default and we rely
 *       solely on request context cancellation"), and {@code registry/config.go} had no effective
 *       per-band request limit, only the 1 GB per-band byte limit. Requests waited until dispatched
 *       or until their client gave up.</li>
 *   <li>{@link #V0_10} — today's defaults, since #2123 (commit 3e32a2864, 2026-07-23, "apply
 *       effective defaults for DefaultRequestTTL and per-band MaxRequests"): a 60 s queue TTL
 *       ({@code defaultRequestTTL}) swept every second ({@code defaultExpiryCleanupInterval}), 5,000
 *       requests ({@code defaultPriorityBandMaxRequests}) and 1 GB ({@code
 *       defaultPriorityBandMaxBytes}) per band; global limits unlimited. Read at main ebab687.</li>
 * </ul>
 */
public enum RouterRelease {
    V0_9("v0.9", "study", 0L, Integer.MAX_VALUE,
            "the study's router: no queue TTL, no per-band request limit, 1 GB per band (v0.9.0 up to #1956)"),
    V0_10("v0.10", "latest", 60_000_000L, 5_000,
            "today's router: 60 s queue TTL, 5,000 requests and 1 GB per band (#2123 onwards)");

    /** The release user scenarios get unless they ask for another. */
    public static final RouterRelease DEFAULT = V0_10;

    private final String id;
    private final String alias;
    private final long ttlUs;
    private final int maxRequestsPerBand;
    private final String summary;

    RouterRelease(String id, String alias, long ttlUs, int maxRequestsPerBand, String summary) {
        this.id = id;
        this.alias = alias;
        this.ttlUs = ttlUs;
        this.maxRequestsPerBand = maxRequestsPerBand;
        this.summary = summary;
    }

    public String id() {
        return id;
    }

    public String summary() {
        return summary;
    }

    /** The release's defaults applied to a flow-control configuration (other settings kept). */
    public FlowControlConfig applyTo(FlowControlConfig c) {
        return new FlowControlConfig(ttlUs, c.sweepIntervalUs(), c.tickUs(), maxRequestsPerBand, 1_000_000_000L, c.fairness(),
                c.ordering(), c.failOnContractViolation(), c.eviction());
    }

    /** The release named {@code v0.9}/{@code study} or {@code v0.10}/{@code latest}. */
    public static RouterRelease byName(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        for (RouterRelease r : values()) {
            if (r.id.equals(n) || r.alias.equals(n) || (r.id + ".0").equals(n)) {
                return r;
            }
        }
        throw new IllegalArgumentException("unknown router version '" + name + "'; known: " + names());
    }

    /** The known names, for messages. */
    public static String names() {
        List<String> out = new java.util.ArrayList<>();
        for (RouterRelease r : values()) {
            out.add(r.id + " (" + r.alias + ")");
        }
        return String.join(", ", out);
    }
}
