package io.nous.policy.templates;

import io.nous.sim.spi.SaturationDetector;

/**
 * llm-d-router's {@code concurrency-detector} in its requests mode (saturationdetector/concurrency):
 * the router's own count of requests in flight over the pool's capacity, {@code endpoints x
 * maxConcurrency} (default 100 per endpoint), with no scrape lag; an empty pool is 1.
 */
public final class ConcurrencyDetectorPolicy implements SaturationDetector {
    private final long maxConcurrency;

    public ConcurrencyDetectorPolicy() {
        this(100);
    }

    public ConcurrencyDetectorPolicy(long maxConcurrency) {
        this.maxConcurrency = maxConcurrency;
    }

    @Override
    public double saturation(int endpoints, int[] waiting, int[] running, double[] kvUsage, long[] metricsAgeUs, int[] inFlightRequests,
                             long[] inFlightTokens) {
        if (endpoints == 0) {
            return 1.0;
        }
        long requests = 0;
        for (int i = 0; i < endpoints; i++) {
            requests += inFlightRequests[i];
        }
        return requests / ((double) endpoints * maxConcurrency);
    }
}
