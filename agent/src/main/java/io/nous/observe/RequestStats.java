package io.nous.observe;

import io.nous.sim.metrics.Latency;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Per-class summaries of a requests file, counted the way the simulator counts: requests scheduled
 * inside the measurement window (after the warm-up, before the end of arrivals), latencies of
 * completed requests in HdrHistograms of microseconds, drops by the router's reason, failures by
 * what went wrong.
 */
public final class RequestStats {
    private static final long MAX_US = 24L * 3600 * 1_000_000;

    /** One class's numbers. */
    public record ClassNumbers(String name, int priority, long arrived, long completed, long dropped, long failed, long unfinished,
                               Map<String, Long> dropsByReason, Map<String, Long> failuresByError, double throughputRps,
                               double outputTokensPerSecond, Latency ttft, Latency e2e, Latency itl) {
    }

    private RequestStats() {
    }

    /** Summaries by class, in the header's class order. */
    public static Map<String, ClassNumbers> of(RequestsHeader header, List<ObservedRequest> requests) {
        long fromUs = Math.round(header.warmupSeconds() * 1e6);
        long toUs = Math.round(header.durationSeconds() * 1e6);
        double window = (toUs - fromUs) / 1e6;
        Map<String, ClassNumbers> out = new LinkedHashMap<>();
        for (RequestsHeader.ClassInfo c : header.classes()) {
            Histogram ttft = new Histogram(MAX_US, 3);
            Histogram e2e = new Histogram(MAX_US, 3);
            Histogram itl = new Histogram(MAX_US, 3);
            long arrived = 0;
            long completed = 0;
            long dropped = 0;
            long failed = 0;
            long unfinished = 0;
            long tokens = 0;
            Map<String, Long> drops = new TreeMap<>();
            Map<String, Long> failures = new TreeMap<>();
            for (ObservedRequest r : requests) {
                if (!r.className().equals(c.name()) || r.scheduledUs() < fromUs || r.scheduledUs() >= toUs) {
                    continue;
                }
                arrived++;
                switch (r.result()) {
                    case COMPLETED -> {
                        completed++;
                        tokens += r.tokensOut();
                        ttft.recordValue(clamp(Math.round(r.ttftMs() * 1000)));
                        e2e.recordValue(clamp(Math.round(r.e2eMs() * 1000)));
                        if (!Double.isNaN(r.itlMs())) {
                            itl.recordValue(clamp(Math.round(r.itlMs() * 1000)));
                        }
                    }
                    case DROPPED -> {
                        dropped++;
                        drops.merge(r.dropReason(), 1L, Long::sum);
                    }
                    case FAILED -> {
                        failed++;
                        failures.merge(r.error() == null ? "http-" + r.status() : r.error(), 1L, Long::sum);
                    }
                    case UNFINISHED -> unfinished++;
                    default -> throw new IllegalStateException();
                }
            }
            out.put(c.name(), new ClassNumbers(c.name(), c.priority(), arrived, completed, dropped, failed, unfinished, drops, failures,
                    completed / window, tokens / window, Latency.of(ttft), Latency.of(e2e), Latency.of(itl)));
        }
        return out;
    }

    private static long clamp(long us) {
        return Math.max(0, Math.min(MAX_US, us));
    }
}
