package io.nous.sim.epp;

/** How a request left the system, with the HTTP status and drop reason the router reports. */
public enum Outcome {
    COMPLETED(200, null),
    /** Its band queue was full, or the legacy path shed it at saturation. */
    REJECTED_SATURATED(429, "rejected-saturated"),
    /** It waited in a band longer than the request TTL. */
    EVICTED_TTL(429, "rejected-ttl-expired"),
    /**
     * In-flight eviction revoked it after dispatch to free capacity for higher-priority work: the router
     * answers 429 with drop reason "evicted" (pkg/common/error/error.go) and the model server aborts it.
     */
    EVICTED_IN_FLIGHT(429, "evicted"),
    /** An admission plugin (e.g. probabilistic-admitter) refused it. */
    ADMISSION_REJECTED(500, "request cannot be admitted"),
    /**
     * Its client gave up (a deadline) before the response ended: the router drops it from its queue on
     * the context's cancellation, and vLLM aborts it if it was running. Nobody receives a status; 499
     * is the proxies' "client closed request".
     */
    TIMED_OUT(499, "client-disconnected"),
    /** The scheduling profile's filters left no endpoint (the router answers "no endpoints available"). */
    NO_ENDPOINT(503, "no-endpoints-available"),
    /** The model server's own waiting queue was full (llm-d-inference-sim's max-waiting-queue-length). */
    SERVER_BUSY(429, "server-queue-full"),
    /** The model server failed the request: too long for its context, or its KV blocks would not fit. */
    SERVER_ERROR(500, "server-error");

    public final int httpStatus;
    public final String reason;

    Outcome(int httpStatus, String reason) {
        this.httpStatus = httpStatus;
        this.reason = reason;
    }
}
