package io.nous.sim.routing;

/**
 * {@code token-load-scorer} (llm-d-router v0.10.0, .../scorer/tokenload/token_load.go): an endpoint's
 * load is its in-flight tokens plus the tokens this request would add to it (the in-flight producer's
 * uncached tokens); the score is {@code 1 − min(load, queueThresholdTokens) / queueThresholdTokens},
 * 1.0 for no load.
 */
final class TokenLoadScorer implements Scorer {
    static final long DEFAULT_QUEUE_THRESHOLD_TOKENS = 4_194_304; // 128 requests at 32K tokens

    private final double threshold;

    TokenLoadScorer(long queueThresholdTokens) {
        this.threshold = queueThresholdTokens <= 0 ? DEFAULT_QUEUE_THRESHOLD_TOKENS : queueThresholdTokens;
    }

    @Override
    public void score(SchedulingContext c, int[] endpoints, int n, double[] scores) {
        for (int i = 0; i < n; i++) {
            int p = endpoints[i];
            double load = c.inFlight.tokens(p) + (c.uncachedInfo ? c.uncachedTokens[p] : 0);
            scores[i] = load <= 0 ? 1.0 : 1.0 - Math.min(load, threshold) / threshold;
        }
    }
}
