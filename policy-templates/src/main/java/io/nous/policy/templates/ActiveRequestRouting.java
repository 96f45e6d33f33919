package io.nous.policy.templates;

import io.nous.sim.spi.RoutingScorer;

/**
 * llm-d-router's {@code active-request-scorer} as a routing candidate: an endpoint with at most
 * {@code idleThreshold} requests in flight scores 1.0, the others {@code (max - count) / max} of
 * {@code maxBusyScore}, where max is the busiest candidate's count.
 */
public final class ActiveRequestRouting implements RoutingScorer {
    private final long idleThreshold;
    private final double maxBusyScore;

    public ActiveRequestRouting() {
        this(0L, 1.0);
    }

    public ActiveRequestRouting(long idleThreshold, double maxBusyScore) {
        this.idleThreshold = idleThreshold;
        this.maxBusyScore = maxBusyScore;
    }

    @Override
    public double score(long promptTokens, double prefixMatch, long uncachedTokens, long inFlightTokens, int inFlightRequests,
                        int maxInFlightRequests, int waiting, int running, double kvUsage) {
        if (inFlightRequests <= idleThreshold) {
            return 1.0;
        }
        return (double) (maxInFlightRequests - inFlightRequests) / maxInFlightRequests * maxBusyScore;
    }
}
