package io.nous.sim;

import io.nous.sim.cost.CostCatalog;
import io.nous.sim.cost.CostProfile;
import io.nous.sim.epp.FlowControlConfig;
import io.nous.sim.epp.RouterRelease;
import io.nous.sim.pod.InferenceSimConfig;
import io.nous.sim.pod.PodConfig;
import io.nous.sim.pool.AutoscalingConfig;
import io.nous.sim.routing.RoutingConfig;
import io.nous.sim.workload.RateShape;
import io.nous.sim.workload.Workload;
import io.nous.sim.workload.WorkloadException;
import io.nous.sim.workload.trace.TraceReplay;

/**
 * One simulation experiment, independent of the policy under test: workload and load, cluster,
 * EPP configuration, timing and seed. Two runs of the same scenario see the same arrivals.
 *
 * @param durationSeconds arrivals happen in [0, duration)
 * @param warmupSeconds   requests arriving before this are simulated but not measured
 * @param drainSeconds    after arrivals stop, the run continues at most this long for in-flight
 *                        requests to finish; what is left is reported as in flight
 * @param flowControl     the flow-control feature gate (EPP queueing with bands); off is the
 *                        legacy path, which sends every request straight to a pod
 * @param legacyShedding  on the legacy path, reject sheddable requests when saturation >= 1
 * @param metrics        what pods publish and how the EPP scrapes it (step-boundary stats, 50 ms)
 * @param trace          replay this trace instead of generating arrivals from the workload (which
 *                       then only describes the trace), or null
 * @param routing        the EPP's scheduling layer (its EndpointPickerConfig); the router's default
 *                       profile unless an operator's config is given
 * @param inferenceSim   run the pods as llm-d-inference-sim with these settings instead of the vLLM
 *                       model, or null
 * @param promptBytesPerToken bytes of prompt text per engine token: how the router's token estimate
 *                       (4 bytes a token) relates to the engine's count (default 4: they agree)
 * @param rateShape      the arrival rate's daily cycle, or null: constant
 * @param autoscaling    the pool's autoscaler, or null: a fixed pool of {@code pods}
 * @param disaggregation which pods prefill and which decode, and the KV link between them, or null:
 *                       every pod unlabelled (aggregated)
 */
public record Scenario(
        Workload workload,
        double qps,
        long seed,
        double durationSeconds,
        double warmupSeconds,
        double drainSeconds,
        int pods,
        CostProfile profile,
        PodConfig podConfig,
        DetectorConfig detector,
        FlowControlConfig flowControlConfig,
        boolean flowControl,
        boolean legacyShedding,
        MetricsConfig metrics,
        TraceReplay trace,
        RoutingConfig routing,
        InferenceSimConfig inferenceSim,
        double promptBytesPerToken,
        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) RateShape rateShape,
        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
        AutoscalingConfig autoscaling,
        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
        io.nous.sim.pd.Disaggregation disaggregation) {

    public static final long DEFAULT_SCRAPE_INTERVAL_US = MetricsConfig.DEFAULT_SCRAPE_INTERVAL_US;
    public static final double DEFAULT_DURATION_SECONDS = 600;
    /**
     * Most arrivals one scenario may generate. Far past saturation every arrival waits in a queue
     * until its TTL, about 150 bytes each, so this bounds a run's memory (about 600 MB) as well as its
     * time (10 M arrivals take 7 s to simulate here); a typo such as {@code --qps 1e12} is refused up
     * front instead of running for hours.
     */
    public static final long MAX_ARRIVALS = 4_000_000;

    /** Why {@code qps} for {@code seconds} is too many arrivals for one run, or null when it is not. */
    public static String arrivalsProblem(double qps, double seconds) {
        double n = qps * seconds;
        if (!(n > MAX_ARRIVALS)) {
            return null;
        }
        return String.format(java.util.Locale.ROOT, "%s requests/s for %s s is %.3g arrivals; one run simulates at most %,d "
                + "(its queues alone would outgrow memory): lower the rate or the duration", plain(qps), plain(seconds), n, MAX_ARRIVALS);
    }

    private static String plain(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.valueOf((long) v) : String.valueOf(v);
    }
    public static final double DEFAULT_DRAIN_SECONDS = 600;

    public Scenario {
        if (workload == null) {
            throw new IllegalArgumentException("a scenario needs a workload");
        }
        if (!(qps > 0) || Double.isInfinite(qps)) {
            throw new IllegalArgumentException("qps must be a positive number, got " + qps);
        }
        if (!(durationSeconds > 0) || Double.isInfinite(durationSeconds)) {
            throw new IllegalArgumentException("duration must be a positive number of seconds, got " + durationSeconds);
        }
        if (!(warmupSeconds >= 0) || warmupSeconds >= durationSeconds) {
            throw new IllegalArgumentException("warm-up must be in [0, duration), got " + warmupSeconds);
        }
        if (!(drainSeconds >= 0)) {
            throw new IllegalArgumentException("drain must be >= 0 seconds, got " + drainSeconds);
        }
        if (pods < 1) {
            throw new IllegalArgumentException("pods must be >= 1, got " + pods);
        }
        if (metrics == null) {
            throw new IllegalArgumentException("a scenario needs a metrics configuration");
        }
        if (routing == null) {
            throw new IllegalArgumentException("a scenario needs a routing configuration");
        }
        if (!(promptBytesPerToken > 0) || Double.isInfinite(promptBytesPerToken)) {
            throw new IllegalArgumentException("prompt bytes per token must be a positive number, got " + promptBytesPerToken);
        }
        if (autoscaling != null && (pods < autoscaling.minPods() || pods > autoscaling.maxPods())) {
            throw new IllegalArgumentException("an autoscaled pool starts within its bounds: " + pods + " pods is outside ["
                    + autoscaling.minPods() + ", " + autoscaling.maxPods() + "]");
        }
        if (autoscaling != null && inferenceSim != null) {
            throw new IllegalArgumentException("an autoscaled pool runs the vLLM model; llm-d-inference-sim pods are a fixed pool");
        }
        if (disaggregation != null && disaggregation.prefillPods() >= pods) {
            throw new IllegalArgumentException("a disaggregated pool keeps at least one decode pod: " + disaggregation.prefillPods()
                    + " prefill pods of " + pods);
        }
        if (disaggregation != null && (autoscaling != null || inferenceSim != null)) {
            throw new IllegalArgumentException("a disaggregated pool is a fixed pool of vLLM-model pods (no autoscaling, no llm-d-inference-sim)");
        }
        if (rateShape != null && trace != null) {
            throw new IllegalArgumentException("a trace brings its own arrival times; a diurnal rate shapes generated arrivals only");
        }
    }

    /** A scenario with the defaults of this project for everything but workload, load and seed. */
    public static Builder builder(Workload workload) {
        return new Builder(workload);
    }

    /** How often the EPP scrapes each pod. */
    public long scrapeIntervalUs() {
        return metrics.scrapeIntervalUs();
    }

    public Builder toBuilder() {
        Builder b = new Builder(workload);
        b.qps = qps;
        b.seed = seed;
        b.durationSeconds = durationSeconds;
        b.warmupSeconds = warmupSeconds;
        b.drainSeconds = drainSeconds;
        b.pods = pods;
        b.profile = profile;
        b.podConfig = podConfig;
        b.detector = detector;
        b.flowControlConfig = flowControlConfig;
        b.flowControl = flowControl;
        b.legacyShedding = legacyShedding;
        b.metrics = metrics;
        b.trace = trace;
        b.routing = routing;
        b.inferenceSim = inferenceSim;
        b.promptBytesPerToken = promptBytesPerToken;
        b.rateShape = rateShape;
        b.autoscaling = autoscaling;
        b.disaggregation = disaggregation;
        return b;
    }

    /** Builds scenarios; unset fields take the project defaults. */
    public static final class Builder {
        private Workload workload;
        private double qps = Double.NaN;
        private long seed = 1;
        private double durationSeconds = DEFAULT_DURATION_SECONDS;
        private Double warmupSeconds;
        private double drainSeconds = DEFAULT_DRAIN_SECONDS;
        private Integer pods;
        private CostProfile profile;
        private PodConfig podConfig;
        private Integer maxNumSeqs;
        private DetectorConfig detector = DetectorConfig.UTILIZATION;
        private FlowControlConfig flowControlConfig = FlowControlConfig.DEFAULTS;
        private boolean flowControl = true;
        private boolean legacyShedding;
        private MetricsConfig metrics = MetricsConfig.DEFAULTS;
        private TraceReplay trace;
        private RoutingConfig routing = RoutingConfig.defaults();
        private InferenceSimConfig inferenceSim;
        private double promptBytesPerToken = 4.0;
        private RateShape rateShape;
        private AutoscalingConfig autoscaling;
        private io.nous.sim.pd.Disaggregation disaggregation;

        private Builder(Workload workload) {
            this.workload = workload;
        }

        public Builder qps(double v) { qps = v; return this; }
        /** Another workload (the same one with shared prefixes or client deadlines, say). */
        public Builder workload(Workload v) { workload = v; return this; }
        public Builder seed(long v) { seed = v; return this; }
        public Builder durationSeconds(double v) { durationSeconds = v; return this; }
        /** Default: 20 % of the duration; none for closed-loop users with a request limit. */
        public Builder warmupSeconds(double v) { warmupSeconds = v; return this; }
        public Builder drainSeconds(double v) { drainSeconds = v; return this; }
        /** Default: the workload's study cluster size. */
        public Builder pods(int v) { pods = v; return this; }
        /** Default: {@link CostCatalog#DEFAULT_PROFILE}. */
        public Builder profile(CostProfile v) { profile = v; return this; }
        /** Overrides the whole pod configuration (default: vLLM defaults and the profile's KV size). */
        public Builder podConfig(PodConfig v) { podConfig = v; return this; }
        public Builder maxNumSeqs(int v) { maxNumSeqs = v; return this; }
        public Builder detector(DetectorConfig v) { detector = v; return this; }
        public Builder flowControlConfig(FlowControlConfig v) { flowControlConfig = v; return this; }
        public Builder flowControl(boolean v) { flowControl = v; return this; }
        public Builder legacyShedding(boolean v) { legacyShedding = v; return this; }
        public Builder scrapeIntervalUs(long v) { metrics = metrics.withScrapeIntervalUs(v); return this; }
        public Builder metrics(MetricsConfig v) { metrics = v; return this; }
        /** The router release whose flow-control defaults (TTL, band limits) to use. */
        public Builder routerRelease(RouterRelease r) {
            flowControlConfig = r.applyTo(flowControlConfig);
            return this;
        }
        /** Replays a trace (set the workload to {@link TraceReplay#workload()}). */
        public Builder trace(TraceReplay v) { trace = v; return this; }
        /** The EPP's scheduling layer (default: the router's default profile). */
        public Builder routing(RoutingConfig v) { routing = v; return this; }
        /** Pods run as llm-d-inference-sim with these settings (null: the vLLM model). */
        public Builder inferenceSim(InferenceSimConfig v) { inferenceSim = v; return this; }
        public Builder promptBytesPerToken(double v) { promptBytesPerToken = v; return this; }
        /** The arrival rate's daily cycle (null: constant). */
        public Builder rateShape(RateShape v) { rateShape = v; return this; }
        /** An autoscaled pool starting at {@link #pods} (null: a fixed pool). */
        public Builder autoscaling(AutoscalingConfig v) { autoscaling = v; return this; }
        /** Prefill and decode pods and the KV link between them (null: every pod unlabelled). */
        public Builder disaggregation(io.nous.sim.pd.Disaggregation v) { disaggregation = v; return this; }

        public Scenario build() {
            String tooMany = trace == null ? arrivalsProblem(qps, durationSeconds) : null;
            if (tooMany != null) {
                throw new WorkloadException(tooMany);
            }
            CostProfile p = profile != null ? profile : CostCatalog.builtin().profile(CostCatalog.DEFAULT_PROFILE);
            if (trace != null) {
                // a request the model cannot hold is refused by vLLM: a replay never serves it as a shorter one
                int context = p.modelSpec().maxModelLen();
                java.util.List<io.nous.sim.workload.trace.TraceRecord> beyond = trace.beyondContext(context);
                if (!beyond.isEmpty()) {
                    throw new WorkloadException(trace.trace().name() + " " + beyond.get(0).where() + ": "
                            + TraceReplay.beyondContextReason(beyond.get(0), context) + " (" + beyond.size() + " rows in all)");
                }
            }
            PodConfig pc = podConfig != null ? podConfig : new PodConfig(PodConfig.DEFAULT_MAX_NUM_BATCHED_TOKENS,
                    maxNumSeqs != null ? maxNumSeqs : PodConfig.DEFAULT_MAX_NUM_SEQS, p.kvBlocks(), p.blockSize());
            // closed-loop users sending a fixed number of requests are measured from the first (a lab's run)
            double warm = warmupSeconds != null ? warmupSeconds
                    : workload.closedLoop() && workload.requestLimit() > 0 ? 0 : 0.2 * durationSeconds;
            return new Scenario(workload, qps, seed, durationSeconds, warm, drainSeconds,
                    pods != null ? pods : workload.pods(), p, pc, detector, flowControlConfig, flowControl,
                    legacyShedding, metrics, trace, routing, inferenceSim, promptBytesPerToken, rateShape, autoscaling,
                    disaggregation);
        }
    }
}
