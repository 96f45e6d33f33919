package io.nous.sim.routing;

/**
 * The utilization detector used as a scheduling filter
 * (pkg/epp/framework/plugins/flowcontrol/saturationdetector/utilization/detector.go, {@code Filter}):
 * an endpoint stays a candidate while its metrics are fresh and under
 * {@code queueDepthThreshold · (1 + headroom)} waiting and {@code kvCacheUtilThreshold · (1 + headroom)}
 * KV usage; when none is, all are (fail-open).
 */
public final class DetectorFilter implements Filter {
    private final double queueLimit;
    private final double kvLimit;
    private final long stalenessUs;

    public DetectorFilter(int queueDepthThreshold, double kvCacheUtilThreshold, long stalenessUs, double headroom) {
        this.queueLimit = queueDepthThreshold * (1.0 + headroom);
        this.kvLimit = kvCacheUtilThreshold * (1.0 + headroom);
        this.stalenessUs = stalenessUs;
    }

    @Override
    public int filter(SchedulingContext c, int[] endpoints, int n) {
        int k = 0;
        for (int i = 0; i < n; i++) {
            var s = c.snapshots[endpoints[i]];
            if (s.scrapedAtUs() != Long.MIN_VALUE && c.nowUs - s.scrapedAtUs() <= stalenessUs && s.waiting() < queueLimit
                    && s.kvUsage() < kvLimit) {
                endpoints[k++] = endpoints[i];
            }
        }
        if (k == 0) {
            return n; // fail-open: nothing was overwritten
        }
        return k;
    }
}
