package io.nous.policy.templates;

import io.nous.sim.spi.RoutingScorer;

/**
 * The lab's decode profile folded into one scorer, as the routing search starts from it: an endpoint
 * that holds at least {@code AFFINITY_THRESHOLD} of the prompt is sticky while the uncached prompt
 * tokens in flight to it stay under {@code GATE_LIMIT} (4,838: one second at the lab's calibrated
 * 4,838 prefill tokens a second, its 1,000 ms penalty), and stickiness outweighs load (2 to 1); the
 * router's active-request score decides the rest. The real filter's gate compares the sticky
 * endpoint with the least loaded other one; a per-endpoint scorer sees only its own backlog, so here
 * the gate is absolute.
 */
public final class LabAffinityActiveRequestRouting implements RoutingScorer {
    static final double AFFINITY_THRESHOLD = 0.8;
    static final double AFFINITY_WEIGHT = 2.0;
    static final double GATE_LIMIT = 4838.0;
    static final double LOAD_WEIGHT = 1.0;

    @Override
    public double score(long promptTokens, double prefixMatch, long uncachedTokens, long inFlightTokens, int inFlightRequests,
                        int maxInFlightRequests, int waiting, int running, double kvUsage) {
        double affinity = inFlightTokens < GATE_LIMIT ? (prefixMatch >= AFFINITY_THRESHOLD ? 1.0 : 0.0) : 0.0;
        double load = inFlightRequests == 0 ? 1.0 : (double) (maxInFlightRequests - inFlightRequests) / maxInFlightRequests;
        return (AFFINITY_WEIGHT * affinity + LOAD_WEIGHT * load) / (AFFINITY_WEIGHT + LOAD_WEIGHT);
    }
}
