package io.nous.sim.workload;

/**
 * A class of traffic: a name used in reports ({@code critical}, {@code sheddable}), the llm-d
 * priority its InferenceObjective maps to (negative means sheddable), its share of requests, and
 * the TTFT objective its clients send in the {@code x-llm-d-slo-ttft-ms} header, which the router's
 * {@code slo-deadline} ordering reads ({@code slo_ttft_ms}; null: no header).
 */
public record RequestClass(String name, int priority, double share, Long sloTtftMs) {

    public RequestClass {
        if (sloTtftMs != null && sloTtftMs < 0) {
            throw new WorkloadException("class '" + name + "': slo_ttft_ms must be >= 0, got " + sloTtftMs);
        }
    }

    /** A class whose requests carry no SLO header. */
    public RequestClass(String name, int priority, double share) {
        this(name, priority, share, null);
    }

    public boolean sheddable() {
        return priority < 0;
    }

    /** The SLO header's value in milliseconds, or -1: none. */
    public long sloHeaderMs() {
        return sloTtftMs == null ? -1 : sloTtftMs;
    }
}
