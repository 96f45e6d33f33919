package io.nous.sim.metrics;

/**
 * Results of one traffic class over the measurement window (requests that arrived after warm-up
 * and before the end of arrivals).
 *
 * @param inFlight requests still queued or running when the simulation stopped
 * @param itl      per-request mean inter-token latency (time per output token after the first)
 * @param queueDelay time from arrival to dispatch out of the EPP's flow-control queue
 * @param timedOut   requests whose clients gave up before the response ended (counted in {@code dropped})
 * @param cachedPromptTokens prompt tokens of completed requests found in a prefix cache
 *                   ({@code usage.prompt_tokens_details.cached_tokens}, summed)
 * @param failed     requests that got an error instead of a response: no endpoint left by the
 *                   scheduling filters (503), or refused by the model server (its queue full, or
 *                   its KV cache) (counted in {@code dropped})
 * @param evictedInFlight requests revoked after dispatch by in-flight eviction (counted in {@code dropped})
 */
public record ClassSummary(
        String name,
        int priority,
        long arrived,
        long completed,
        long dropped,
        long rejectedSaturated,
        long evictedTtl,
        long admissionRejected,
        long inFlight,
        double throughputRps,
        double outputTokensPerSecond,
        long preemptions,
        Latency ttft,
        Latency e2e,
        Latency itl,
        Latency queueDelay,
        long timedOut,
        long cachedPromptTokens,
        long failed,
        long evictedInFlight) {
}
