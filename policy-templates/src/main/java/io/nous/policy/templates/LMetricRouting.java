package io.nous.policy.templates;

import io.nous.sim.spi.RoutingScorer;

/**
 * The parameter-free LMetric scorer ("Simple is Better", OSDI'26; proposed to llm-d-router as
 * {@code lmetric-scorer}, PR #2351, open): an endpoint costs the prefill tokens this request would add
 * to it times its batch, {@code cost = uncached tokens x (requests in flight + 1)}, and the cheapest
 * scores highest. The PR normalizes costs across the candidate endpoints (lowest cost, highest score);
 * a scorer here sees one endpoint at a time, so it scores {@code 1 / (1 + cost)}, which orders every
 * pool's endpoints the same way: as the only scorer of a profile (lab-scorer) it picks exactly the
 * endpoints the PR's does; beside other weighted scorers the two scales would weigh differently. The
 * uncached tokens are the in-flight producer's count, which includes the prompt's tail past its last
 * full block; the PR counts whole unmatched blocks, so the two differ by less than a block per request.
 */
public final class LMetricRouting implements RoutingScorer {

    @Override
    public double score(long promptTokens, double prefixMatch, long uncachedTokens, long inFlightTokens, int inFlightRequests,
                        int maxInFlightRequests, int waiting, int running, double kvUsage) {
        double prefill = Math.max(0, uncachedTokens);
        double batch = Math.max(0, inFlightRequests) + 1.0;
        return 1.0 / (1.0 + prefill * batch);
    }
}
