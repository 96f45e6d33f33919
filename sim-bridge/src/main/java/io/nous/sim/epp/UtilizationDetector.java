package io.nous.sim.epp;

/**
 * The router's default {@code utilization-detector}: the mean over pods of
 * {@code max(waiting / queueDepthThreshold, kvUsage / kvCacheUtilThreshold)} computed from scraped
 * metrics. A pod whose metrics are older than the staleness threshold counts as 1.0, and an empty
 * pool is 1.0 (fail closed).
 */
public final class UtilizationDetector implements SaturationDetector {
    /** Router defaults (llm-d-router saturationdetector/utilization/config.go). */
    public static final int DEFAULT_QUEUE_DEPTH_THRESHOLD = 5;
    public static final double DEFAULT_KV_CACHE_UTIL_THRESHOLD = 0.8;
    public static final long DEFAULT_STALENESS_US = 200_000;

    private final PodSnapshot[] pods;
    private final double queueDepthThreshold;
    private final double kvCacheUtilThreshold;
    private final long stalenessUs;
    // The value only changes when a pod is scraped or a snapshot turns stale, so it is cached.
    private double cached;
    private long cachedUntilUs = Long.MIN_VALUE;

    public UtilizationDetector(PodSnapshot[] pods, int queueDepthThreshold, double kvCacheUtilThreshold, long stalenessUs) {
        if (queueDepthThreshold <= 0 || !(kvCacheUtilThreshold > 0 && kvCacheUtilThreshold <= 1) || stalenessUs <= 0) {
            throw new IllegalArgumentException("utilization detector needs queueDepthThreshold > 0, kvCacheUtilThreshold in (0, 1], staleness > 0");
        }
        this.pods = pods;
        this.queueDepthThreshold = queueDepthThreshold;
        this.kvCacheUtilThreshold = kvCacheUtilThreshold;
        this.stalenessUs = stalenessUs;
    }

    @Override
    public double saturation(long nowUs) {
        if (nowUs >= cachedUntilUs) {
            cached = mean(nowUs, true);
            long until = Long.MAX_VALUE;
            for (PodSnapshot p : pods) {
                if (p.scrapedAtUs != Long.MIN_VALUE && nowUs - p.scrapedAtUs <= stalenessUs) {
                    until = Math.min(until, p.scrapedAtUs + stalenessUs + 1);
                }
            }
            cachedUntilUs = until;
        }
        return cached;
    }

    /** Must be called whenever a snapshot is updated. */
    public void invalidate() {
        cachedUntilUs = Long.MIN_VALUE;
    }

    /**
     * The same formula without the staleness rule, as the {@code probabilistic-admitter} computes
     * it (nil metrics still count as 1.0).
     */
    public double saturationIgnoringStaleness(long nowUs) {
        return mean(nowUs, false);
    }

    private double mean(long nowUs, boolean staleness) {
        if (pods.length == 0) {
            return 1.0;
        }
        double sum = 0;
        for (PodSnapshot p : pods) {
            if (p.scrapedAtUs == Long.MIN_VALUE || (staleness && nowUs - p.scrapedAtUs > stalenessUs)) {
                sum += 1.0;
            } else {
                sum += Math.max(p.waiting / queueDepthThreshold, p.kvUsage / kvCacheUtilThreshold);
            }
        }
        return sum / pods.length;
    }
}
