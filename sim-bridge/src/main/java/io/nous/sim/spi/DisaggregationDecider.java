package io.nous.sim.spi;

/**
 * Whether a request's prompt is prefilled on a prefill pod or where it decodes: the router's P/D
 * decider ({@code deciderPlugin.disaggregate(ctx, request, endpoint)} in
 * {@code scheduling/profilehandler/disagg/decider_plugin.go}), asked once per request after the
 * decode profile picked a pod, with what the router knows of that pod. A yes sends the prompt to a
 * prefill pod and its KV over the link; a no prefills it on the decode pod, in steps shared with that
 * pod's decodes. Called only under a P/D router config on a pool with prefill pods.
 */
public interface DisaggregationDecider {
    /**
     * @param promptTokens  the prompt's length in tokens (the router's token count)
     * @param cachedTokens  prompt tokens the router believes the decode pod holds (its prefix index's
     *                      matched blocks times the block size), at most {@code promptTokens}
     * @param decodeWaiting requests waiting on the decode pod (its last scrape)
     * @param decodeRunning requests running on it (its last scrape)
     * @param decodeKvUsage its KV-cache use in [0, 1] (its last scrape)
     * @return true: prefill on a prefill pod; false: prefill on the decode pod
     */
    boolean disaggregate(int promptTokens, int cachedTokens, int decodeWaiting, int decodeRunning, double decodeKvUsage);
}
