package io.nous.sim.metrics;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Summary of a latency distribution in milliseconds; all fields are NaN when there were no samples.
 */
public record Latency(long count, double meanMs, double p50Ms, double p90Ms, double p99Ms, double maxMs) {

    private static final double[] PERCENTILES = {50, 90, 99};

    /**
     * The summary of a histogram of microseconds: the values HdrHistogram's {@code getMean} and
     * {@code getValueAtPercentile} give, taken in one walk over the recorded buckets instead of four
     * (each of those walks from the first bucket; at a short run's end they were a tenth of its time).
     */
    public static Latency of(Histogram h) {
        long total = h.getTotalCount();
        if (total == 0) {
            return of(null, 0, 0, 0);
        }
        long[] targets = targets(total);
        long[] values = new long[PERCENTILES.length];
        int next = 0;
        double sum = 0;
        for (HistogramIterationValue v : h.recordedValues()) {
            long value = v.getValueIteratedTo();
            sum += (double) h.medianEquivalentValue(value) * (double) v.getCountAtValueIteratedTo();
            while (next < targets.length && v.getTotalCountToThisValue() >= targets[next]) {
                values[next++] = h.highestEquivalentValue(value);
            }
        }
        return of(values, total, sum, h.getMaxValue());
    }

    /** Per percentile, the count it falls on among {@code total}, as {@code getValueAtPercentile} rounds it. */
    static long[] targets(long total) {
        long[] targets = new long[PERCENTILES.length];
        for (int k = 0; k < targets.length; k++) {
            double requested = Math.min(Math.max(Math.nextAfter(PERCENTILES[k], Double.NEGATIVE_INFINITY), 0.0), 100.0);
            targets[k] = Math.max(1, (long) Math.ceil(requested * total / 100.0));
        }
        return targets;
    }

    /**
     * The summary of {@code total} latencies (µs) whose percentile values are {@code values}, whose counts
     * times their buckets' middle values sum to {@code sum} and whose largest is {@code maxUs}; all NaN
     * when there are none.
     */
    static Latency of(long[] values, long total, double sum, long maxUs) {
        if (total == 0) {
            return new Latency(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double mean = sum * 1.0 / total;
        return new Latency(total, mean / 1000.0, values[0] / 1000.0, values[1] / 1000.0, values[2] / 1000.0, maxUs / 1000.0);
    }
}
