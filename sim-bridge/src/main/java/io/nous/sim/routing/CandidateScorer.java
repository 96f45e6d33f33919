package io.nous.sim.routing;

import io.nous.sim.epp.PolicyException;
import io.nous.sim.spi.RoutingScorer;

/**
 * A {@link RoutingScorer} candidate in a scheduling profile: it is handed, per endpoint, what the
 * producers and the last scrape give the built-in scorers. A candidate that throws fails the run
 * with its name, as the other SPIs do.
 */
final class CandidateScorer implements Scorer {
    private final RoutingScorer candidate;
    private final String name;

    CandidateScorer(RoutingScorer candidate, String name) {
        this.candidate = candidate;
        this.name = name;
    }

    @Override
    public void score(SchedulingContext c, int[] endpoints, int n, double[] scores) {
        int maxRequests = 0;
        for (int i = 0; i < n; i++) {
            maxRequests = Math.max(maxRequests, c.inFlight.requests(endpoints[i]));
        }
        for (int i = 0; i < n; i++) {
            int p = endpoints[i];
            var s = c.snapshots[p];
            long uncached = c.uncachedInfo ? c.uncachedTokens[p] : InFlightProducer.uncachedInput(c, p, c.inputTokens);
            try {
                scores[i] = candidate.score(c.inputTokens, c.prefixScore(p), uncached, c.inFlight.tokens(p), c.inFlight.requests(p),
                        maxRequests, s.waiting(), s.running(), s.kvUsage());
            } catch (RuntimeException | StackOverflowError e) {
                throw new PolicyException("routing scorer '" + name + "' threw " + e.getClass().getSimpleName()
                        + (e.getMessage() == null ? "" : ": " + e.getMessage()) + " at t=" + c.nowUs / 1e6 + " s", e);
            }
            if (Double.isNaN(scores[i])) {
                throw new PolicyException("routing scorer '" + name + "' returned NaN at t=" + c.nowUs / 1e6 + " s", null);
            }
        }
    }
}
