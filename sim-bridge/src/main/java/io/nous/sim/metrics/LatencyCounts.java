package io.nous.sim.metrics;

import java.util.Arrays;

/**
 * Latencies in microseconds counted in the buckets of an HdrHistogram of 3 significant digits (the
 * histogram {@link ClassStats} summarized before), in a plain array: recording one is an index and an
 * increment, where {@code Histogram.recordValue} also tracks the extremes on every call and grows its
 * array by catching an exception. A completion records four latencies; interactive chat at 80 QPS
 * took 0.92 of its CPU time once they were counted here.
 * {@link #latency} summarizes them exactly as {@link Latency#of} summarizes that histogram: it reads
 * only counts by bucket and the bucket of the largest value.
 */
final class LatencyCounts {
    /**
     * HdrHistogram's layout at 3 significant digits and a unit of 1: sub-buckets of 2048 values (2^11,
     * the first power of two above 2 x 10^3), each bucket after the first holding the upper half of its
     * sub-buckets, so index {@code ((b + 1) << 10) + (v >>> b) - 1024} for bucket
     * {@code b = 53 - numberOfLeadingZeros(v | 2047)}.
     */
    private static final int HALF_MAGNITUDE = 10;
    private static final int HALF_COUNT = 1 << HALF_MAGNITUDE;
    private static final long SUB_BUCKET_MASK = (1L << (HALF_MAGNITUDE + 1)) - 1;
    private static final int LEADING_ZERO_COUNT_BASE = 64 - (HALF_MAGNITUDE + 1);

    /** Counts by bucket index; values up to 131 ms (2,048 x 2^6 µs) fit before it first grows. */
    private int[] counts = new int[8 * HALF_COUNT];
    private long total;

    /** Counts one latency of {@code us} >= 0 microseconds. */
    void record(long us) {
        int i = index(us);
        if (i >= counts.length) {
            counts = Arrays.copyOf(counts, Math.max(i + 1, 2 * counts.length));
        }
        counts[i]++;
        total++;
    }

    /** Latencies counted so far. */
    long total() {
        return total;
    }

    /** Adds the counts of {@code other} to these, as recording its latencies here too would. */
    void add(LatencyCounts other) {
        if (counts.length < other.counts.length) {
            counts = Arrays.copyOf(counts, other.counts.length);
        }
        for (int i = 0; i < other.counts.length; i++) {
            counts[i] += other.counts[i];
        }
        total += other.total;
    }

    /**
     * The summary {@link Latency#of} gives of a histogram holding these latencies, in the same arithmetic
     * in the same order (one walk over the buckets from the lowest): the mean of the buckets' middle
     * values weighted by their counts, and each percentile and the maximum as the highest value of the
     * bucket they fall in.
     */
    Latency latency() {
        if (total == 0) {
            return Latency.of(null, 0, 0, 0);
        }
        long[] targets = Latency.targets(total);
        long[] values = new long[targets.length];
        int next = 0;
        double sum = 0;
        long seen = 0;
        long max = 0;
        int[] c = counts;
        for (int i = 0; i < c.length; i++) {
            if (c[i] == 0) {
                continue;
            }
            long size = 1L << bucket(i);
            long lowest = lowestValue(i);
            long highest = lowest + size - 1;
            sum += (double) (lowest + (size >> 1)) * (double) c[i];
            seen += c[i];
            while (next < targets.length && seen >= targets[next]) {
                values[next++] = highest;
            }
            max = highest;
        }
        return Latency.of(values, total, sum, max);
    }

    /** The bucket index of {@code us} (>= 0), as HdrHistogram computes it for this layout. */
    static int index(long us) {
        int bucket = LEADING_ZERO_COUNT_BASE - Long.numberOfLeadingZeros(us | SUB_BUCKET_MASK);
        int sub = (int) (us >>> bucket);
        return ((bucket + 1) << HALF_MAGNITUDE) + sub - HALF_COUNT;
    }

    /** The bucket of {@code index}: its values are {@code 1 << bucket} apart. */
    private static int bucket(int index) {
        return Math.max(0, (index >> HALF_MAGNITUDE) - 1);
    }

    /** The lowest value of the bucket at {@code index}. */
    static long lowestValue(int index) {
        int bucket = (index >> HALF_MAGNITUDE) - 1;
        int sub = (index & (HALF_COUNT - 1)) + HALF_COUNT;
        if (bucket < 0) {
            sub -= HALF_COUNT;
            bucket = 0;
        }
        return (long) sub << bucket;
    }
}
