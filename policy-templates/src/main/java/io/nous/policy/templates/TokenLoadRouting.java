package io.nous.policy.templates;

import io.nous.sim.spi.RoutingScorer;

/**
 * llm-d-router's {@code token-load-scorer} as a routing candidate: an endpoint's load is the tokens in
 * flight to it plus the tokens this request would add, and the score falls linearly from 1.0 at no
 * load to 0 at {@code queueThresholdTokens} (default 4,194,304: 128 requests at 32K tokens).
 */
public final class TokenLoadRouting implements RoutingScorer {
    private final long queueThresholdTokens;

    public TokenLoadRouting() {
        this(4194304L);
    }

    public TokenLoadRouting(long queueThresholdTokens) {
        this.queueThresholdTokens = queueThresholdTokens;
    }

    @Override
    public double score(long promptTokens, double prefixMatch, long uncachedTokens, long inFlightTokens, int inFlightRequests,
                        int maxInFlightRequests, int waiting, int running, double kvUsage) {
        double load = inFlightTokens + uncachedTokens;
        if (load <= 0) {
            return 1.0;
        }
        double threshold = queueThresholdTokens;
        return 1.0 - Math.min(load, threshold) / threshold;
    }
}
