package io.nous.sim.metrics;

/**
 * The whole run at a glance, all classes together, as a lab reports a router configuration: its
 * prefix-cache hit rate (cached over prompt tokens of the completed requests, from their
 * {@code usage}), time to first token, and throughput over the span from the first arrival to the
 * last completion.
 *
 * @param routing the EPP's routing (its config's name, or {@code service})
 * @param engine  the pods' engine ({@code vllm} or {@code inference-sim})
 */
public record RunSummary(String routing, String engine, long completed, long promptTokens, long cachedPromptTokens, Latency ttft,
                         double throughputRps) {

    /** Cached over prompt tokens of completed requests; NaN when none completed. */
    public double prefixCacheHitRate() {
        return promptTokens > 0 ? (double) cachedPromptTokens / promptTokens : Double.NaN;
    }
}
