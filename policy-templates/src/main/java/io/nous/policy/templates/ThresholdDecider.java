package io.nous.policy.templates;

import io.nous.sim.spi.DisaggregationDecider;

/**
 * Prefills on a prefill pod only what is worth the trip: prompts with at least {@code minUncached}
 * tokens the decode pod does not hold, and only when the decode pod is busy, running at least
 * {@code localBelowRunning} requests or holding any in its queue (0: whatever its load). A light
 * decode pod prefills its own prompts, saving the transfer and the prefill pods' queue. Not an
 * upstream rule: the P/D search's parametric seed (defaults 512, 0).
 */
public final class ThresholdDecider implements DisaggregationDecider {
    private final long minUncached;
    private final long localBelowRunning;

    public ThresholdDecider() {
        this(512, 0);
    }

    public ThresholdDecider(long minUncached, long localBelowRunning) {
        this.minUncached = minUncached;
        this.localBelowRunning = localBelowRunning;
    }

    @Override
    public boolean disaggregate(int promptTokens, int cachedTokens, int decodeWaiting, int decodeRunning, double decodeKvUsage) {
        long uncached = (long) promptTokens - cachedTokens;
        if (uncached < minUncached) {
            return false;
        }
        return decodeWaiting > 0 || decodeRunning >= localBelowRunning;
    }
}
