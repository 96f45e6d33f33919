package io.nous.observe.fake;

/**
 * How late a fake server's streamed tokens left it against its engine's schedule, in microseconds:
 * the mean lateness, its 90th percentile, and the jitter (mean change of lateness between one token
 * of a request and the next), which is what distorts an inter-token latency. Thread-safe; the
 * server's connection threads record into it.
 */
public final class DeliveryTiming {
    private final org.HdrHistogram.Recorder lateness = new org.HdrHistogram.Recorder(3);
    private final org.HdrHistogram.Histogram total = new org.HdrHistogram.Histogram(3);
    private long jitterSumNs;
    private long jitterCount;

    /** What the machine did to the server's timing. */
    public record Summary(long tokens, double meanLatenessUs, double p90LatenessUs, double jitterUs) {
    }

    /** A token written {@code lateNs} after it was due; {@code previousLateNs} is the request's previous token's, or Long.MIN_VALUE. */
    public void record(long lateNs, long previousLateNs) {
        lateness.recordValue(Math.max(0, lateNs / 1000));
        if (previousLateNs != Long.MIN_VALUE) {
            synchronized (this) {
                jitterSumNs += Math.abs(lateNs - previousLateNs);
                jitterCount++;
            }
        }
    }

    public synchronized Summary summary() {
        total.add(lateness.getIntervalHistogram());
        return new Summary(total.getTotalCount(), total.getMean(), total.getValueAtPercentile(90),
                jitterCount == 0 ? 0 : jitterSumNs / 1000.0 / jitterCount);
    }
}
