package io.nous.policy.templates;

import io.nous.sim.spi.SaturationDetector;

/**
 * llm-d-router's {@code utilization-detector} (saturationdetector/utilization): the mean over
 * endpoints of {@code max(waiting / queueDepthThreshold, kvUsage / kvCacheUtilThreshold)} from their
 * scraped metrics; an endpoint whose metrics are older than the staleness threshold (or missing)
 * counts as 1, and an empty pool is 1 (fail closed). Defaults are the router's: queue depth 5, KV
 * 0.8, staleness 200 ms. With {@code inflightCredit} each endpoint's queue also counts the requests
 * the router sent it that its scrape cannot show yet, {@code max(0, inFlight - (waiting + running))}
 * (llm-d-router PR #2066, open, not merged).
 */
public final class UtilizationDetectorPolicy implements SaturationDetector {
    private final double queueDepthThreshold;
    private final double kvCacheUtilThreshold;
    private final long stalenessUs;
    private final boolean inflightCredit;

    public UtilizationDetectorPolicy() {
        this(5, 0.8, 200000, false);
    }

    public UtilizationDetectorPolicy(int queueDepthThreshold, double kvCacheUtilThreshold, long stalenessUs, boolean inflightCredit) {
        this.queueDepthThreshold = queueDepthThreshold;
        this.kvCacheUtilThreshold = kvCacheUtilThreshold;
        this.stalenessUs = stalenessUs;
        this.inflightCredit = inflightCredit;
    }

    @Override
    public double saturation(int endpoints, int[] waiting, int[] running, double[] kvUsage, long[] metricsAgeUs, int[] inFlightRequests,
                             long[] inFlightTokens) {
        if (endpoints == 0) {
            return 1.0;
        }
        double sum = 0;
        for (int i = 0; i < endpoints; i++) {
            if (metricsAgeUs[i] > stalenessUs) {
                sum += 1.0;
            } else {
                double queued = waiting[i];
                if (inflightCredit) {
                    queued += Math.max(0, inFlightRequests[i] - (waiting[i] + running[i]));
                }
                sum += Math.max(queued / queueDepthThreshold, kvUsage[i] / kvCacheUtilThreshold);
            }
        }
        return sum / endpoints;
    }
}
