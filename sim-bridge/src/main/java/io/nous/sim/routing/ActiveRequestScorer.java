package io.nous.sim.routing;

/**
 * {@code active-request-scorer} (llm-d-router v0.10.0, .../scorer/activerequest/active_request.go):
 * from the in-flight producer's request counts, an endpoint with at most {@code idleThreshold} requests
 * scores 1.0; the others {@code (max − count) / max · maxBusyScore}.
 */
final class ActiveRequestScorer implements Scorer {
    private final int idleThreshold;
    private final double maxBusyScore;

    ActiveRequestScorer(int idleThreshold, double maxBusyScore) {
        this.idleThreshold = idleThreshold;
        this.maxBusyScore = maxBusyScore;
    }

    @Override
    public void score(SchedulingContext c, int[] endpoints, int n, double[] scores) {
        long max = 0;
        for (int i = 0; i < n; i++) {
            max = Math.max(max, c.inFlight.requests(endpoints[i]));
        }
        for (int i = 0; i < n; i++) {
            long count = c.inFlight.requests(endpoints[i]);
            scores[i] = count <= idleThreshold ? 1.0 : (double) (max - count) / max * maxBusyScore;
        }
    }
}
