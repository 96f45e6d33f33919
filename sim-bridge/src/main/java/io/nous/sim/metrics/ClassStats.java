package io.nous.sim.metrics;

import io.nous.sim.epp.Outcome;
import io.nous.sim.request.Request;

/**
 * Accumulates outcomes and latencies of one traffic class. Latencies are counted in microseconds in
 * the buckets of an HdrHistogram with 3 significant digits (0.1 % resolution; {@link LatencyCounts}),
 * so percentiles cost nothing per request beyond one array increment.
 */
public final class ClassStats {
    private static final long MAX_US = 24L * 3600 * 1_000_000; // one simulated day

    private final String name;
    private final int priority;
    long arrived;
    long completed;
    long rejectedSaturated;
    long evictedTtl;
    long evictedInFlight;
    long admissionRejected;
    long timedOut;
    long failed;
    long cachedPromptTokens;
    long outputTokens;
    long preemptions;
    private final LatencyCounts ttft = new LatencyCounts();
    private final LatencyCounts e2e = new LatencyCounts();
    private final LatencyCounts itl = new LatencyCounts();
    private final LatencyCounts queueDelay = new LatencyCounts();
    private RequestSamples samples;

    public ClassStats(String name, int priority) {
        this.name = name;
        this.priority = priority;
    }

    /** Also keep every completed request's latencies (for statistics). */
    public void recordSamples() {
        samples = new RequestSamples();
    }

    /** The per-request latencies, or null when not recorded. */
    public RequestSamples samples() {
        return samples;
    }

    public void arrived() {
        arrived++;
    }

    public void dropped(Outcome o) {
        switch (o) {
            case REJECTED_SATURATED -> rejectedSaturated++;
            case EVICTED_TTL -> evictedTtl++;
            case EVICTED_IN_FLIGHT -> evictedInFlight++;
            case ADMISSION_REJECTED -> admissionRejected++;
            case TIMED_OUT -> timedOut++;
            case NO_ENDPOINT, SERVER_BUSY, SERVER_ERROR -> failed++;
            default -> throw new IllegalArgumentException(o + " is not a drop");
        }
    }

    public void completed(Request r) {
        completed++;
        int out = r.responseTokens();
        outputTokens += out;
        cachedPromptTokens += r.cachedPromptTokens;
        preemptions += r.preemptions;
        ttft.record(clamp(r.firstTokenUs - r.arrivalUs));
        e2e.record(clamp(r.finishUs - r.arrivalUs));
        queueDelay.record(clamp(r.dispatchUs - r.arrivalUs));
        double itlUs = out > 1 ? (r.finishUs - r.firstTokenUs) / (double) (out - 1) : 0;
        if (out > 1) {
            // Mean inter-token latency of this request (time per output token after the first).
            itl.record(clamp(Math.round(itlUs)));
        }
        if (samples != null) {
            samples.add((r.firstTokenUs - r.arrivalUs) / 1000.0, (r.finishUs - r.arrivalUs) / 1000.0, itlUs / 1000.0, r.tenant);
        }
    }

    /** Requests completed so far. */
    public long completed() {
        return completed;
    }

    /** Prompt tokens that completed requests found in a prefix cache. */
    public long cachedPromptTokens() {
        return cachedPromptTokens;
    }

    /**
     * The time to first token of several classes' requests together: their counts added, which are the
     * counts one statistic of all of them would have kept (the same counts in the same buckets, so the
     * same mean, percentiles and maximum).
     */
    public static Latency ttftAcross(ClassStats[] parts) {
        LatencyCounts all = new LatencyCounts();
        for (ClassStats s : parts) {
            all.add(s.ttft);
        }
        return all.latency();
    }

    private static long clamp(long us) {
        return Math.max(0, Math.min(MAX_US, us));
    }

    public ClassSummary summarize(double windowSeconds) {
        long dropped = rejectedSaturated + evictedTtl + evictedInFlight + admissionRejected + timedOut + failed;
        return new ClassSummary(name, priority, arrived, completed, dropped, rejectedSaturated, evictedTtl,
                admissionRejected, arrived - completed - dropped,
                completed / windowSeconds, outputTokens / windowSeconds, preemptions,
                ttft.latency(), e2e.latency(), itl.latency(), queueDelay.latency(), timedOut, cachedPromptTokens, failed,
                evictedInFlight);
    }
}
