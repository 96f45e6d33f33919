package io.nous.policy.templates;

import io.nous.sim.spi.SaturationDetector;

/**
 * llm-d-router's {@code concurrency-detector} (saturationdetector/concurrency/detector.go): the
 * in-flight load producer's per-endpoint counts, with no scrape lag, over capacity. Mode 0
 * ({@code requests}, the default): in-flight requests over {@code endpoints x maxConcurrency} (100);
 * mode 1 ({@code tokens}): in-flight tokens over {@code endpoints x maxTokenConcurrency} (1,000,000);
 * mode 2 ({@code hybrid}): per endpoint the larger of the two ratios, averaged. An empty pool is 1.
 */
public final class ConcurrencyDetectorPolicy implements SaturationDetector {
    private final long maxConcurrency;
    private final long maxTokenConcurrency;
    private final int mode;

    public ConcurrencyDetectorPolicy() {
        this(100, 1000000, 0);
    }

    public ConcurrencyDetectorPolicy(long maxConcurrency, long maxTokenConcurrency, int mode) {
        this.maxConcurrency = maxConcurrency;
        this.maxTokenConcurrency = maxTokenConcurrency;
        this.mode = mode;
    }

    @Override
    public double saturation(int endpoints, int[] waiting, int[] running, double[] kvUsage, long[] metricsAgeUs, int[] inFlightRequests,
                             long[] inFlightTokens) {
        if (endpoints == 0) {
            return 1.0;
        }
        long requests = 0;
        long tokens = 0;
        double hybrid = 0;
        for (int i = 0; i < endpoints; i++) {
            requests += inFlightRequests[i];
            tokens += inFlightTokens[i];
            hybrid += Math.max((double) inFlightRequests[i] / maxConcurrency, (double) inFlightTokens[i] / maxTokenConcurrency);
        }
        if (mode == 1) {
            return tokens / ((double) endpoints * maxTokenConcurrency);
        }
        if (mode == 2) {
            return hybrid / endpoints;
        }
        return requests / ((double) endpoints * maxConcurrency);
    }
}
