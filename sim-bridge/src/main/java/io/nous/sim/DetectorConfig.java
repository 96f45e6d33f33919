package io.nous.sim;

import io.nous.sim.epp.ConcurrencyDetector;
import io.nous.sim.epp.UtilizationDetector;

/**
 * Which saturation detector the flow controller uses, with its parameters (router defaults).
 *
 * @param kind                 {@code utilization} or {@code concurrency}
 * @param queueDepthThreshold  utilization: waiting requests per pod that count as saturated (5)
 * @param kvCacheUtilThreshold utilization: KV usage that counts as saturated (0.8)
 * @param stalenessUs          utilization: metrics older than this count as 1.0 (200 ms)
 * @param concurrencyMode      concurrency: count requests or tokens in flight
 * @param maxConcurrency       concurrency: capacity per pod (100 requests, or 1,000,000 tokens)
 * @param inflightCredit       utilization: credit each pod's queue with the requests dispatched to it
 *                             that its scrape does not show yet (llm-d-router PR #2066)
 * @param filterHeadroom       utilization: also filter pods in the scheduling profile, keeping those
 *                             under threshold · (1 + headroom) (fail-open); null: not a filter
 */
public record DetectorConfig(
        String kind,
        int queueDepthThreshold,
        double kvCacheUtilThreshold,
        long stalenessUs,
        ConcurrencyDetector.Mode concurrencyMode,
        long maxConcurrency,
        boolean inflightCredit,
        Double filterHeadroom) {

    public DetectorConfig(String kind, int queueDepthThreshold, double kvCacheUtilThreshold, long stalenessUs,
                          ConcurrencyDetector.Mode concurrencyMode, long maxConcurrency) {
        this(kind, queueDepthThreshold, kvCacheUtilThreshold, stalenessUs, concurrencyMode, maxConcurrency, false, null);
    }

    /** The same detector with scrape-lag credit on or off. */
    public DetectorConfig withInflightCredit(boolean on) {
        return new DetectorConfig(kind, queueDepthThreshold, kvCacheUtilThreshold, stalenessUs, concurrencyMode, maxConcurrency, on,
                filterHeadroom);
    }

    /** The same detector, also a scheduling filter with this headroom (null: not a filter). */
    public DetectorConfig withFilter(Double headroom) {
        return new DetectorConfig(kind, queueDepthThreshold, kvCacheUtilThreshold, stalenessUs, concurrencyMode, maxConcurrency,
                inflightCredit, headroom);
    }

    public static final DetectorConfig UTILIZATION = new DetectorConfig("utilization",
            UtilizationDetector.DEFAULT_QUEUE_DEPTH_THRESHOLD, UtilizationDetector.DEFAULT_KV_CACHE_UTIL_THRESHOLD,
            UtilizationDetector.DEFAULT_STALENESS_US, ConcurrencyDetector.Mode.REQUESTS,
            ConcurrencyDetector.DEFAULT_MAX_CONCURRENCY);

    public static final DetectorConfig CONCURRENCY = new DetectorConfig("concurrency",
            UtilizationDetector.DEFAULT_QUEUE_DEPTH_THRESHOLD, UtilizationDetector.DEFAULT_KV_CACHE_UTIL_THRESHOLD,
            UtilizationDetector.DEFAULT_STALENESS_US, ConcurrencyDetector.Mode.REQUESTS,
            ConcurrencyDetector.DEFAULT_MAX_CONCURRENCY);

    public DetectorConfig {
        if (!"utilization".equals(kind) && !"concurrency".equals(kind)) {
            throw new IllegalArgumentException("detector must be 'utilization' or 'concurrency', got '" + kind + "'");
        }
        if (filterHeadroom != null && !(filterHeadroom >= 0 && filterHeadroom < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("the utilization filter's headroom must be >= 0, got " + filterHeadroom);
        }
        if (inflightCredit && !"utilization".equals(kind)) {
            throw new IllegalArgumentException("in-flight credit corrects the utilization detector; the concurrency detector counts in flight already");
        }
    }

    /** A built-in detector by name. */
    public static DetectorConfig byName(String name) {
        return switch (name) {
            case "utilization" -> UTILIZATION;
            case "concurrency" -> CONCURRENCY;
            default -> throw new IllegalArgumentException("unknown detector '" + name + "'; known: utilization, concurrency");
        };
    }
}
