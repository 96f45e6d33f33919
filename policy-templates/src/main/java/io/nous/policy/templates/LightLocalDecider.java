package io.nous.policy.templates;

import io.nous.sim.spi.DisaggregationDecider;

/**
 * The router's prefix-based rule (prefill remotely from {@code minUncached} uncached tokens) with one
 * exception: a light decode pod, queueing nothing and running fewer than {@code localBelowRunning}
 * requests, prefills a prompt itself when fewer than {@code maxLocalUncached} of its tokens are
 * uncached. Prefill pods are a shared queue that a burst of long prompts fills while decode pods idle;
 * a short prefill on a light decode pod costs its few decodes little. Not an upstream rule: the P/D
 * search's second parametric seed (defaults 16, the sample config's threshold; 8; 512).
 */
public final class LightLocalDecider implements DisaggregationDecider {
    private final long minUncached;
    private final long localBelowRunning;
    private final long maxLocalUncached;

    public LightLocalDecider() {
        this(16, 8, 512);
    }

    public LightLocalDecider(long minUncached, long localBelowRunning, long maxLocalUncached) {
        this.minUncached = minUncached;
        this.localBelowRunning = localBelowRunning;
        this.maxLocalUncached = maxLocalUncached;
    }

    @Override
    public boolean disaggregate(int promptTokens, int cachedTokens, int decodeWaiting, int decodeRunning, double decodeKvUsage) {
        long uncached = (long) promptTokens - cachedTokens;
        if (uncached < minUncached) {
            return false;
        }
        boolean light = decodeWaiting == 0 && decodeRunning < localBelowRunning;
        return !(light && uncached < maxLocalUncached);
    }
}
