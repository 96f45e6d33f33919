package io.nous.sim.epp;

/**
 * The router's default {@code utilization-detector}: the mean over pods of
 * {@code max(waiting / queueDepthThreshold, kvUsage / kvCacheUtilThreshold)} computed from scraped
 * metrics. A pod whose metrics are older than the staleness threshold counts as 1.0, and an empty
 * pool is 1.0 (fail closed).
 *
 * <p>With in-flight credit (llm-d-router PR #2066, an open proposal, not merged): each pod's queue
 * also counts the requests the router dispatched to it that its last scrape cannot show yet,
 * {@code credit = max(0, inFlight − (waiting + running))} from the {@link InFlightLoad} producer, so
 * that requests sent between two scrapes are not invisible (the "thundering herd" of the router's
 * utilization-detector README). The credit corrects each pod's score before the mean.
 */
public final class UtilizationDetector implements SaturationGauge {
    /** Router defaults (llm-d-router saturationdetector/utilization/config.go). */
    public static final int DEFAULT_QUEUE_DEPTH_THRESHOLD = 5;
    public static final double DEFAULT_KV_CACHE_UTIL_THRESHOLD = 0.8;
    public static final long DEFAULT_STALENESS_US = 200_000;

    private final PodSnapshot[] pods;
    /** The pods in the router's pool: all of them unless the pool is autoscaled. */
    private ServingPods serving;
    /** Per pod: whether it prefills (stage-aware saturation), or null: one pool. */
    private boolean[] prefillRole;
    private final double queueDepthThreshold;
    private final double kvCacheUtilThreshold;
    private final long stalenessUs;
    /** The router's own in-flight counts, for scrape-lag credit; null: no credit. */
    private InFlightLoad credit;
    // The value only changes when a pod is scraped or a snapshot turns stale, so it is cached.
    private double cached;
    private long cachedUntilUs = Long.MIN_VALUE;

    public UtilizationDetector(PodSnapshot[] pods, int queueDepthThreshold, double kvCacheUtilThreshold, long stalenessUs) {
        if (queueDepthThreshold <= 0 || !(kvCacheUtilThreshold > 0 && kvCacheUtilThreshold <= 1) || stalenessUs <= 0) {
            throw new IllegalArgumentException("utilization detector needs queueDepthThreshold > 0, kvCacheUtilThreshold in (0, 1], staleness > 0");
        }
        this.pods = pods;
        this.serving = ServingPods.all(pods.length);
        this.queueDepthThreshold = queueDepthThreshold;
        this.kvCacheUtilThreshold = kvCacheUtilThreshold;
        this.stalenessUs = stalenessUs;
    }

    /** Credits each pod's queue with the dispatched requests its scrape does not show yet (PR #2066). */
    public UtilizationDetector withInFlightCredit(InFlightLoad load) {
        this.credit = load;
        return this;
    }

    /** Averages over {@code pool}'s pods only (an autoscaled pool); callers {@link #invalidate} when it changes. */
    public UtilizationDetector over(ServingPods pool) {
        this.serving = pool;
        return this;
    }

    /** Whether the saturation moves with every dispatch and completion (then callers must {@link #invalidate}). */
    public boolean credited() {
        return credit != null;
    }

    @Override
    public double saturation(long nowUs) {
        if (nowUs >= cachedUntilUs) {
            cached = mean(nowUs);
            long until = Long.MAX_VALUE;
            for (int k = 0; k < serving.count(); k++) {
                PodSnapshot p = pods[serving.id(k)];
                if (p.scrapedAtUs != Long.MIN_VALUE && nowUs - p.scrapedAtUs <= stalenessUs) {
                    until = Math.min(until, p.scrapedAtUs + stalenessUs + 1);
                }
            }
            cachedUntilUs = until;
        }
        return cached;
    }

    /**
     * Until when (exclusive) the value last computed stays what {@link #saturation} returns: the first
     * instant a snapshot turns stale, or {@link Long#MIN_VALUE} once {@link #invalidate}d.
     */
    public long validUntilUs() {
        return cachedUntilUs;
    }

    /** Must be called whenever a snapshot is updated. */
    public void invalidate() {
        cachedUntilUs = Long.MIN_VALUE;
    }

    /**
     * The thresholds an admitter divides by: its own (probabilistic-admitter's defaults,
     * requestcontrol/admitter/probabilisticadmitter/plugin.go: queueDepthThreshold 5,
     * kvCacheUtilThreshold 0.8), not the detector's. The router's sample config for the admitter
     * neutralizes the detector (queue 999999999, KV 1.0) while the admitter keeps shedding on these.
     */
    static final double ADMITTER_QUEUE_DEPTH = 5;
    static final double ADMITTER_KV_UTIL = 0.8;

    /**
     * What an admitter reads, as the router's admitters compute it from the pods they are handed
     * (no staleness rule; a pod without metrics counts 1 in every term), with the admitter's own
     * thresholds ({@link #ADMITTER_QUEUE_DEPTH}, {@link #ADMITTER_KV_UTIL}): {@code out[0]} the
     * saturation, {@code out[1]} the mean queue term {@code waiting / 5}, {@code out[2]} the mean KV
     * term {@code kvUsage / 0.8}. An empty pool is 1 in all three.
     */
    public void admissionSignals(double[] out) {
        int n = serving.count();
        if (n == 0) {
            out[0] = out[1] = out[2] = 1.0;
            return;
        }
        double sum = 0;
        double queue = 0;
        double kv = 0;
        for (int at = 0; at < n; at++) {
            PodSnapshot p = pods[serving.id(at)];
            if (p.scrapedAtUs == Long.MIN_VALUE) {
                sum += 1.0;
                queue += 1.0;
                kv += 1.0;
            } else {
                double q = p.waiting / ADMITTER_QUEUE_DEPTH;
                double k = p.kvUsage / ADMITTER_KV_UTIL;
                sum += Math.max(q, k);
                queue += q;
                kv += k;
            }
        }
        out[0] = sum / n;
        out[1] = queue / n;
        out[2] = kv / n;
    }

    /**
     * Stage-aware saturation for a disaggregated pool: the detector runs over the prefill pods and over
     * the decode pods apart, and the pool is as saturated as the more saturated stage (llm-d-router,
     * flowcontrol/controller/internal/processor.go: partitionEndpoints, the max over stages).
     */
    public UtilizationDetector stages(boolean[] prefills) {
        this.prefillRole = prefills.clone();
        return this;
    }

    private double mean(long nowUs) {
        if (prefillRole == null) {
            return mean(nowUs, false, false);
        }
        int prefill = 0;
        for (int k = 0; k < serving.count(); k++) {
            if (prefillRole[serving.id(k)]) {
                prefill++;
            }
        }
        double decode = prefill == serving.count() ? -1 : mean(nowUs, true, false);
        return prefill == 0 ? decode : Math.max(decode, mean(nowUs, true, true));
    }

    /** The mean over the serving pods, or over those of one role ({@code byRole}; {@code prefill} says which). */
    private double mean(long nowUs, boolean byRole, boolean prefill) {
        int n = 0;
        double sum = 0;
        for (int k = 0; k < serving.count(); k++) {
            int i = serving.id(k);
            if (byRole && prefillRole[i] != prefill) {
                continue;
            }
            n++;
            PodSnapshot p = pods[i];
            if (p.scrapedAtUs == Long.MIN_VALUE || nowUs - p.scrapedAtUs > stalenessUs) {
                sum += 1.0;
            } else {
                double waiting = p.waiting;
                if (credit != null) {
                    waiting += Math.max(0, credit.requests(i) - (p.waiting + p.running));
                }
                sum += Math.max(waiting / queueDepthThreshold, p.kvUsage / kvCacheUtilThreshold);
            }
        }
        return n == 0 ? 1.0 : sum / n;
    }
}
