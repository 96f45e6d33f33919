package io.nous.policy.templates;

import io.nous.sim.spi.RoutingScorer;

/**
 * The lab's default profile folded into one scorer, as the routing search starts from it: an endpoint
 * that holds at least {@code AFFINITY_THRESHOLD} of the prompt is sticky, and stickiness outweighs any
 * load (weights 2 to 1), so among sticky endpoints, and among the rest when none is, the router's
 * token-load score decides (in-flight plus uncached tokens against 4,194,304). This is the
 * prefix-cache-affinity filter with its load gate never firing followed by token-load-scorer; the
 * real gate compares endpoints, which a per-endpoint scorer cannot.
 */
public final class LabAffinityTokenLoadRouting implements RoutingScorer {
    static final double AFFINITY_THRESHOLD = 0.8;
    static final double AFFINITY_WEIGHT = 2.0;
    static final double LOAD_SCALE = 4194304.0;
    static final double LOAD_WEIGHT = 1.0;

    @Override
    public double score(long promptTokens, double prefixMatch, long uncachedTokens, long inFlightTokens, int inFlightRequests,
                        int maxInFlightRequests, int waiting, int running, double kvUsage) {
        double affinity = prefixMatch >= AFFINITY_THRESHOLD ? 1.0 : 0.0;
        double load = 1.0 - Math.min(inFlightTokens + uncachedTokens, LOAD_SCALE) / LOAD_SCALE;
        return (AFFINITY_WEIGHT * affinity + LOAD_WEIGHT * load) / (AFFINITY_WEIGHT + LOAD_WEIGHT);
    }
}
