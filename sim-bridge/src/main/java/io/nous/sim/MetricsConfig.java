package io.nous.sim;

/**
 * How the EPP learns each pod's load: what the pod's metrics endpoint reports, and how the EPP's
 * data layer scrapes it.
 *
 * <p>vLLM makes its scheduler stats once per engine step, at the end of the step
 * ({@code vllm/v1/core/sched/scheduler.py}, {@code make_stats()} called from
 * {@code update_from_output}), so {@code num_requests_waiting} counts what the last schedule left
 * waiting and never a request that arrived during the running step. The router's data layer
 * (llm-d-router {@code pkg/epp/datalayer/collector.go}) polls every endpoint on a ticker (50 ms,
 * {@code pkg/epp/server/options.go}), one synchronous fetch per tick with a 1 s timeout; a tick that
 * comes while a fetch is still running waits for it, and a fetch's values are stamped when it
 * completes. The utilization detector counts a pod whose stamp is older than 200 ms as saturated.
 *
 * @param timing                    {@link Timing#STEP_BOUNDARY} (what vLLM publishes) or {@link Timing#LIVE}
 *                                  (the pod's live queue, an idealization kept for comparison)
 * @param scrapeIntervalUs          ticker period of the data layer
 * @param scrapeLatencyUs           fixed time from a fetch's start to its completion
 * @param scrapeLatencyPerRunningUs extra fetch time per request the pod is running (its API server
 *                                  streams tokens to every one of them from the same event loop)
 * @param scrapeTimeoutUs           a fetch slower than this fails and updates nothing
 */
public record MetricsConfig(Timing timing, long scrapeIntervalUs, long scrapeLatencyUs, double scrapeLatencyPerRunningUs,
                            long scrapeTimeoutUs) {

    /** Which values the metrics endpoint serves. */
    public enum Timing {
        /** The values the engine published at its last step boundary (vLLM). */
        STEP_BOUNDARY("step"),
        /** The pod's live queue and KV usage at the moment of the scrape. */
        LIVE("live");

        private final String id;

        Timing(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }

        public static Timing byId(String id) {
            for (Timing t : values()) {
                if (t.id.equals(id)) {
                    return t;
                }
            }
            throw new IllegalArgumentException("metric timing must be 'step' (vLLM publishes per engine step) or 'live', got '" + id + "'");
        }
    }

    /** llm-d-router's default refresh interval (MinRefreshMetricsInterval, 50 ms). */
    public static final long DEFAULT_SCRAPE_INTERVAL_US = 50_000;
    /** llm-d-router's per-fetch timeout (defaultCollectionTimeout, 1 s). */
    public static final long DEFAULT_SCRAPE_TIMEOUT_US = 1_000_000;

    /** vLLM step-boundary metrics, 50 ms scrapes that complete at once. */
    public static final MetricsConfig DEFAULTS = new MetricsConfig(Timing.STEP_BOUNDARY, DEFAULT_SCRAPE_INTERVAL_US, 0, 0,
            DEFAULT_SCRAPE_TIMEOUT_US);

    public MetricsConfig {
        if (timing == null) {
            throw new IllegalArgumentException("metric timing is required");
        }
        if (scrapeIntervalUs <= 0) {
            throw new IllegalArgumentException("scrape interval must be > 0");
        }
        if (scrapeLatencyUs < 0 || !(scrapeLatencyPerRunningUs >= 0) || Double.isInfinite(scrapeLatencyPerRunningUs)) {
            throw new IllegalArgumentException("scrape latency must be >= 0");
        }
        if (scrapeTimeoutUs <= 0) {
            throw new IllegalArgumentException("scrape timeout must be > 0");
        }
    }

    /** True when every scrape completes the moment it starts. */
    public boolean instantScrapes() {
        return scrapeLatencyUs == 0 && scrapeLatencyPerRunningUs == 0;
    }

    /** How long a fetch started now takes, given how many requests the pod is running. */
    public long latencyUs(int running) {
        return scrapeLatencyUs + Math.round(scrapeLatencyPerRunningUs * running);
    }

    public MetricsConfig withTiming(Timing t) {
        return new MetricsConfig(t, scrapeIntervalUs, scrapeLatencyUs, scrapeLatencyPerRunningUs, scrapeTimeoutUs);
    }

    public MetricsConfig withScrapeIntervalUs(long us) {
        return new MetricsConfig(timing, us, scrapeLatencyUs, scrapeLatencyPerRunningUs, scrapeTimeoutUs);
    }

    public MetricsConfig withScrapeLatency(long fixedUs, double perRunningUs) {
        return new MetricsConfig(timing, scrapeIntervalUs, fixedUs, perRunningUs, scrapeTimeoutUs);
    }
}
