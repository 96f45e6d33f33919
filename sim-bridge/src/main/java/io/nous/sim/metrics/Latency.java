package io.nous.sim.metrics;

import org.HdrHistogram.Histogram;

/**
 * Summary of a latency distribution in milliseconds; all fields are NaN when there were no samples.
 */
public record Latency(long count, double meanMs, double p50Ms, double p90Ms, double p99Ms, double maxMs) {

    /** The summary of a histogram of microseconds. */
    public static Latency of(Histogram h) {
        if (h.getTotalCount() == 0) {
            return new Latency(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        return new Latency(h.getTotalCount(),
                h.getMean() / 1000.0,
                h.getValueAtPercentile(50) / 1000.0,
                h.getValueAtPercentile(90) / 1000.0,
                h.getValueAtPercentile(99) / 1000.0,
                h.getMaxValue() / 1000.0);
    }
}
