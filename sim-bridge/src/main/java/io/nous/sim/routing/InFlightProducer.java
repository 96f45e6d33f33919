package io.nous.sim.routing;

/**
 * {@code inflight-load-producer} (llm-d-router v0.10.0,
 * pkg/epp/framework/plugins/requestcontrol/dataproducer/inflightload/producer.go and
 * token_estimator.go): for the request being scheduled, the tokens it would add to each endpoint —
 * its prompt less the prefix the prefix producer believes that endpoint holds
 * ({@code (totalBlocks − matchBlocks) · blockSize}, plus any tail past the indexed blocks), plus,
 * with {@code addEstimatedOutputTokens}, {@code round(input · outputRatio)} capped by the request's
 * max tokens and {@code maxEstimatedOutputTokens}. The counters themselves live in
 * {@link io.nous.sim.epp.InFlightLoad}, charged at dispatch with the chosen endpoint's figure.
 */
final class InFlightProducer implements DataProducer {
    /** Validated parameters with upstream's defaults. */
    record Config(boolean addEstimatedOutputTokens, double outputRatio, long maxEstimatedOutputTokens) {
        static final double DEFAULT_OUTPUT_RATIO = 1.5;
        static final Config DEFAULTS = new Config(false, DEFAULT_OUTPUT_RATIO, -1);
    }

    private final Config config;

    InFlightProducer(Config config) {
        this.config = config;
    }

    Config config() {
        return config;
    }

    @Override
    public void produce(SchedulingContext c) {
        for (int p = 0; p < c.pods; p++) {
            c.uncachedTokens[p] = requestTokens(c, p);
        }
        c.uncachedInfo = true;
    }

    private long requestTokens(SchedulingContext c, int p) {
        long input = c.inputTokens;
        long tokens = uncachedInput(c, p, input);
        if (config.addEstimatedOutputTokens() && input > 0) {
            long est = Math.round(input * config.outputRatio());
            // the request's max_tokens: the simulator's output length is what the client asked for at most
            est = Math.min(est, c.request.outputTokens);
            if (config.maxEstimatedOutputTokens() >= 0) {
                est = Math.min(est, config.maxEstimatedOutputTokens());
            }
            tokens += est;
        }
        return tokens;
    }

    static long uncachedInput(SchedulingContext c, int p, long input) {
        if (!c.prefixInfo || c.blockSizeTokens <= 0) {
            return Math.max(0, input);
        }
        long matched = (long) c.matchBlocks[p] * c.blockSizeTokens;
        long indexed = (long) c.totalBlocks * c.blockSizeTokens;
        return Math.max(0, indexed - matched) + Math.max(0, input - indexed);
    }
}
