package io.nous.sim;

import io.nous.sim.cost.CostModel;
import io.nous.sim.engine.EventQueue;
import io.nous.sim.engine.RandomStreams;
import io.nous.sim.epp.ConcurrencyDetector;
import io.nous.sim.epp.DecisionTrace;
import io.nous.sim.epp.DetectorCall;
import io.nous.sim.epp.EvictionConfig;
import io.nous.sim.epp.EvictionQueue;
import io.nous.sim.epp.FairnessCall;
import io.nous.sim.epp.FlowController;
import io.nous.sim.epp.InFlightLoad;
import io.nous.sim.epp.OrderingCall;
import io.nous.sim.epp.Outcome;
import io.nous.sim.epp.PodSnapshot;
import io.nous.sim.epp.PolicyException;
import io.nous.sim.epp.Reclamation;
import io.nous.sim.epp.SaturationGauge;
import io.nous.sim.epp.ServingPods;
import io.nous.sim.epp.SheddableNewestFirst;
import io.nous.sim.epp.UtilizationDetector;
import io.nous.sim.metrics.ClassStats;
import io.nous.sim.metrics.ClassSummary;
import io.nous.sim.metrics.PodSummary;
import io.nous.sim.metrics.PolicySummary;
import io.nous.sim.metrics.PrefixCacheSummary;
import io.nous.sim.metrics.RequestLog;
import io.nous.sim.metrics.RequestSamples;
import io.nous.sim.metrics.RunSummary;
import io.nous.sim.metrics.SaturationSummary;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.pod.InferenceSimPod;
import io.nous.sim.pod.ModelServer;
import io.nous.sim.pod.PodListener;
import io.nous.sim.pod.VllmPod;
import io.nous.sim.pool.Autoscaler;
import io.nous.sim.pool.AutoscalingConfig;
import io.nous.sim.routing.DetectorFilter;
import io.nous.sim.routing.Router;
import io.nous.sim.request.Request;
import io.nous.sim.request.Arrivals;
import io.nous.sim.request.ArrivalTape;
import io.nous.sim.request.RequestSource;
import io.nous.sim.workload.trace.TraceSource;
import io.nous.sim.spi.AdmissionPolicy;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.ScalingPolicy;
import io.nous.sim.spi.Policies;
import io.nous.sim.spi.RoutingScorer;
import io.nous.sim.spi.UsageLimitPolicy;
import io.nous.sim.workload.RequestClass;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * Simulates one scenario with one usage-limit policy (and optionally one admission policy): an llm-d
 * EPP with flow control in front of vLLM pods. Single-threaded and deterministic; create one per
 * run. Run many in parallel, one per thread.
 *
 * <p>Request path: arrival → (flow control: band queue → dispatch cycle) or (legacy path: shed if
 * saturated) → admission plugin → pod choice by scorers → the pod's waiting queue → steps → done.
 */
public final class ClusterSimulation implements PodListener, InferenceSimPod.Failures {
    private static final int ARRIVAL = 0;
    private static final int STEP_END = 1;
    private static final int TICK = 2;
    private static final int SCRAPE = 3;
    private static final int SWEEP = 4;
    private static final int SCRAPE_DONE = 5;
    private static final int DEADLINE = 6;
    private static final int AUTOSCALE = 7;
    private static final int POD_READY = 8;
    private static final int KV_READY = 9;
    /** ARRIVAL's argument: the open-loop source's next request, or a closed-loop user's next one. */
    private static final int FROM_SOURCE = 0;
    private static final int FROM_USER = 1;

    private final Scenario scenario;
    private final String policyName;
    private final String admissionName;
    private final AdmissionPolicy admitter;
    private final EventQueue events = new EventQueue(1024);
    private final ModelServer[] pods;
    /** Per pod: when its valid next STEP_END is (an inference-sim pod may move it earlier, leaving a stale event). */
    private final long[] stepDueUs;
    /** Per pod: requests routed to it, and the tenants they came from. */
    private final long[] routed;
    private final java.util.BitSet[] tenantsSeen;
    /** The first measured arrival and the last measured completion: the span throughput is taken over. */
    private long firstArrivalUs = -1;
    private long overallPromptTokens;
    private long lastCompletionUs = -1;
    private final PodSnapshot[] snapshots;
    private final UtilizationDetector utilization;
    /** Held ticks that repeat the last idle cycle may run in bulk: the saturation is the utilization detector's, which changes only at scrapes and staleness. */
    private final boolean holdsTicks;
    private final SaturationGauge detector;
    /** What results call the detector: the scenario's built-in kind, or the name of the policy at the saturation plug point. */
    private final String detectorName;
    /** The ordering plug point's policy, or null: the flow controller's configured ordering. */
    private final String orderingName;
    /** The fairness plug point's policy, or null: the flow controller's configured fairness. */
    private final String fairnessName;
    /** What the admitter is handed per request: saturation, queue term, KV term (reused). */
    private final double[] signals = new double[3];
    private final ConcurrencyDetector.InFlight inFlight = new ConcurrencyDetector.InFlight();
    /** The router's per-endpoint in-flight counts (inflight-load-producer). */
    private final InFlightLoad inFlightLoad;
    private final boolean credited;
    private final FlowController flow;
    /** In-flight eviction, or null: off (or flow control off). */
    private final Reclamation reclamation;
    private final long evictionGraceUs;
    private final Router router;
    /** The pods in the router's pool: all of them, unless the pool is autoscaled. */
    private final ServingPods serving;
    /** The pool's autoscaler and its policy, or null: a fixed pool. */
    private final Autoscaler autoscaler;
    private final ScalingPolicy scaling;
    private final String scalingName;
    /** Prefilled requests whose KV is crossing to their decode pods, or null: the pool has no prefill pods. */
    private final io.nous.sim.pd.KvHandoffs handoffs;
    /** Per pod: whether it has served before (a pod started again starts with an empty cache). */
    private final boolean[] served;
    /** Whether any two prompts of the run share content (else no prefix cache or index can hit). */
    private final boolean promptsShare;
    private final String scorerName;
    private final Arrivals source;
    private RequestLog requestLog;
    private final ClassStats[] stats;
    private final long endUs;
    private final long warmupUs;
    private final long stopUs;
    private final long tickUs;
    private final MetricsConfig metrics;
    private final boolean liveMetrics;
    /** Per pod: when its scrape ticker last fired (the phase of the next tick). */
    private final long[] nextTickUs;

    private Request pending;
    /** Closed-loop users' next requests, by arrival time. */
    private final PriorityQueue<Request> followUps = new PriorityQueue<>(ClusterSimulation::byArrival);
    /** Where the source's follow-ups go (one instance, not a new lambda per ended request). */
    private final java.util.function.Consumer<Request> sendLater = this::sendLater;
    /** Requests whose clients will give up, by deadline (finished ones are skipped when due). */
    private final PriorityQueue<Request> deadlines = new PriorityQueue<>(ClusterSimulation::byDeadline);
    private long deadlineEventUs = Long.MAX_VALUE;
    private boolean tickPending;
    /**
     * The pending tick when it is held outside the event queue ({@link #virtualTickUs} >= 0). It keeps
     * the place in the event order its scheduling took ({@link #virtualTickSeq}), so ties with other
     * events resolve as if it were queued; it goes into the queue at that place when the saturation
     * changes or a cycle dispatches while it waits.
     */
    private long virtualTickUs = -1;
    private long virtualTickSeq;
    private long inSystem;
    private long now;
    private long eventCount;
    private long admissionCalls;
    // Little's law: area under the number-in-system curve within the measurement window.
    private long lastChangeUs;
    private double inSystemArea;
    // saturation samples
    private long satSamples;
    private double satSum;
    private double satMax;
    private long satHalf;
    private long satOne;

    /** The usage-limit policy of a simulation that names none: every ceiling stays 1 (the gate is open). */
    private static final UsageLimitPolicy OPEN_GATE = (saturation, priorities, ceilings) -> { };

    public ClusterSimulation(Scenario scenario, UsageLimitPolicy policy, String policyName,
                             AdmissionPolicy admitter, String admissionName) {
        this(scenario, policy, policyName, admitter, admissionName, null, null);
    }

    /**
     * A simulation whose router scores endpoints with {@code scorer} (a routing candidate) in place of
     * its config's scorers; null: the config's own.
     */
    public ClusterSimulation(Scenario scenario, UsageLimitPolicy policy, String policyName,
                             AdmissionPolicy admitter, String admissionName, RoutingScorer scorer, String scorerName) {
        this(scenario, Policies.none().with(PlugPoint.USAGE_LIMIT, policy, policyName).with(PlugPoint.ADMISSION, admitter, admissionName)
                .with(PlugPoint.ROUTING, scorer, scorerName));
    }

    /**
     * A simulation of {@code scenario} running {@code policies} at their plug points: the usage-limit
     * policy in the flow controller's dispatch cycle (none: an open gate), the admitter before
     * scheduling (none: the scenario's legacy rule or nothing), the routing scorer in place of the
     * router config's scorers (none: the config's own).
     */
    public ClusterSimulation(Scenario scenario, Policies policies) {
        UsageLimitPolicy policy = policies.has(PlugPoint.USAGE_LIMIT) ? policies.get(PlugPoint.USAGE_LIMIT) : OPEN_GATE;
        String policyName = policies.has(PlugPoint.USAGE_LIMIT) ? policies.name(PlugPoint.USAGE_LIMIT) : "open";
        AdmissionPolicy admitter = policies.get(PlugPoint.ADMISSION);
        this.scenario = scenario;
        this.scorerName = policies.has(PlugPoint.ROUTING) ? policies.name(PlugPoint.ROUTING) : null;
        this.policyName = policyName;
        this.admitter = admitter;
        this.admissionName = admitter == null ? (scenario.legacyShedding() ? "legacy" : "none") : policies.name(PlugPoint.ADMISSION);
        RandomStreams streams = new RandomStreams(scenario.seed());
        AutoscalingConfig scaled = scenario.autoscaling();
        int n = scaled == null ? scenario.pods() : Math.max(scenario.pods(), scaled.maxPods());
        this.pods = new ModelServer[n];
        this.snapshots = new PodSnapshot[n];
        this.stepDueUs = new long[n];
        this.routed = new long[n];
        this.tenantsSeen = new java.util.BitSet[n];
        CostModel cost = scenario.inferenceSim() == null ? scenario.profile().costModel() : null;
        for (int i = 0; i < n; i++) {
            pods[i] = scenario.inferenceSim() == null ? new VllmPod(i, scenario.podConfig(), cost, this)
                    : new InferenceSimPod(i, scenario.inferenceSim(), this, this, streams.stream("inference-sim/" + i));
            snapshots[i] = new PodSnapshot();
            tenantsSeen[i] = new java.util.BitSet();
        }
        this.served = new boolean[n];
        this.serving = scaled == null ? ServingPods.all(n) : ServingPods.first(scenario.pods(), n);
        for (int i = 0; i < scenario.pods(); i++) {
            served[i] = true;
        }
        DetectorConfig dc = scenario.detector();
        this.utilization = new UtilizationDetector(snapshots, dc.queueDepthThreshold(), dc.kvCacheUtilThreshold(), dc.stalenessUs())
                .over(serving);
        this.inFlightLoad = new InFlightLoad(n);
        this.credited = dc.inflightCredit();
        if (credited) {
            utilization.withInFlightCredit(inFlightLoad);
        }
        this.detector = policies.has(PlugPoint.SATURATION)
                ? new DetectorCall(policies.get(PlugPoint.SATURATION), policies.name(PlugPoint.SATURATION), snapshots, inFlightLoad)
                        .over(serving)
                : "concurrency".equals(dc.kind()) ? new ConcurrencyDetector(inFlight, n, dc.concurrencyMode(), dc.maxConcurrency())
                        .over(scaled == null ? null : serving)
                : utilization;
        this.detectorName = policies.has(PlugPoint.SATURATION) ? policies.name(PlugPoint.SATURATION) : dc.kind();
        List<RequestClass> classes = scenario.workload().classes();
        this.stats = new ClassStats[classes.size()];
        int[] priorities = new int[classes.size()];
        for (int i = 0; i < classes.size(); i++) {
            stats[i] = new ClassStats(classes.get(i).name(), classes.get(i).priority());
            priorities[i] = classes.get(i).priority();
        }
        this.orderingName = plugName(policies, PlugPoint.ORDERING);
        OrderingCall ordering = policies.has(PlugPoint.ORDERING)
                ? new OrderingCall(policies.get(PlugPoint.ORDERING), orderingName, scenario.flowControlConfig().ttlUs()) : null;
        this.fairnessName = plugName(policies, PlugPoint.FAIRNESS);
        FairnessCall fairness = policies.has(PlugPoint.FAIRNESS) ? new FairnessCall(policies.get(PlugPoint.FAIRNESS), fairnessName) : null;
        this.flow = new FlowController(scenario.flowControlConfig(), priorities, policy, policyName, detector, ordering, fairness);
        EvictionConfig eviction = scenario.flowControlConfig().eviction();
        if (eviction.enabled() && scenario.flowControl()) {
            EvictionQueue victims = policies.has(PlugPoint.EVICTION)
                    ? new EvictionQueue(policies.get(PlugPoint.EVICTION), plugName(policies, PlugPoint.EVICTION))
                    : new EvictionQueue(new SheddableNewestFirst(), SheddableNewestFirst.NAME);
            // the router derives the grace from the detector's type: only its own concurrency detector leads
            boolean leading = !policies.has(PlugPoint.SATURATION) && "concurrency".equals(dc.kind());
            this.evictionGraceUs = eviction.graceUs(leading, scenario.metrics().scrapeIntervalUs(), dc.stalenessUs());
            this.reclamation = new Reclamation(victims, eviction, evictionGraceUs, this::evict);
            flow.withReclamation(reclamation);
        } else {
            this.reclamation = null;
            this.evictionGraceUs = -1;
        }
        // a gated cycle with eviction on may revoke leases: it is not a repeat of the last
        this.holdsTicks = detector == utilization && !credited && reclamation == null;
        DetectorFilter detectorFilter = dc.filterHeadroom() == null ? null
                : new DetectorFilter(dc.queueDepthThreshold(), dc.kvCacheUtilThreshold(), dc.stalenessUs(), dc.filterHeadroom());
        this.promptsShare = scenario.workload().sharesPrefixes() || (scenario.trace() != null && scenario.trace().sharesPrefixes());
        this.router = new Router(scenario.routing(), snapshots, inFlightLoad, pods[0].blockSize(), pods[0].kvBlocks(),
                scenario.promptBytesPerToken(), promptsShare, detectorFilter, streams, policies).over(serving);
        io.nous.sim.pd.Disaggregation pd = scenario.disaggregation();
        if (policies.has(PlugPoint.PD_DECIDER) && (pd == null || !scenario.routing().runsPdDecider())) {
            throw new IllegalArgumentException("a P/D decider decides between prefill and decode pods: this scenario needs prefill pods "
                    + "and a router config with a disagg-profile-handler whose prefill profile runs after the decode one (e.g. pd)");
        }
        if (pd != null) {
            boolean[] prefills = new boolean[n];
            for (int i = 0; i < n; i++) {
                prefills[i] = pd.prefills(i);
            }
            router.roles(prefills);
            utilization.stages(prefills);
            this.handoffs = new io.nous.sim.pd.KvHandoffs(pd, scenario.profile().modelSpec().kvBytesPerToken(),
                    scenario.profile().tensorParallel());
        } else {
            this.handoffs = null;
        }
        if (scaled == null && policies.has(PlugPoint.SCALING)) {
            throw new IllegalArgumentException("a scaling policy resizes an autoscaled pool; this scenario's pool is fixed");
        }
        this.scalingName = scaled == null ? null : policies.has(PlugPoint.SCALING) ? plugName(policies, PlugPoint.SCALING) : "fixed";
        this.scaling = scaled == null ? null : policies.has(PlugPoint.SCALING) ? policies.get(PlugPoint.SCALING) : Autoscaler.FIXED;
        this.autoscaler = scaled == null ? null
                : new Autoscaler(scaled, scalingName, serving, scenario.pods(), n, streams.stream("pod-startup"));
        this.endUs = Math.round(scenario.durationSeconds() * 1e6);
        this.warmupUs = Math.round(scenario.warmupSeconds() * 1e6);
        this.stopUs = endUs + Math.round(scenario.drainSeconds() * 1e6);
        this.tickUs = scenario.flowControlConfig().tickUs();
        this.metrics = scenario.metrics();
        this.liveMetrics = metrics.timing() == MetricsConfig.Timing.LIVE;
        this.nextTickUs = new long[n];
        this.source = arrivalsOf(scenario);

        pending = source.next();
        if (pending != null) {
            events.scheduleBeside(pending.arrivalUs, ARRIVAL, FROM_SOURCE);
        }
        SplittableRandom phase = streams.stream("scrape-phase");
        for (int i = 0; i < n; i++) {
            long first = phase.nextLong(metrics.scrapeIntervalUs());
            nextTickUs[i] = first;
            events.schedule(first, SCRAPE, i);
        }
        events.schedule(scenario.flowControlConfig().sweepIntervalUs(), SWEEP, 0);
        if (autoscaler != null) {
            events.schedule(scaled.intervalUs(), AUTOSCALE, 0);
        }
    }

    /**
     * The scenario's arrivals exactly as a simulation of it sees them: the same requests, times,
     * lengths, classes and tenants, whatever runs them (the simulator, or a load generator against a
     * real endpoint).
     */
    public static Arrivals arrivalsOf(Scenario scenario) {
        RandomStreams streams = new RandomStreams(scenario.seed());
        int maxLen = scenario.profile().modelSpec().maxModelLen();
        long endUs = Math.round(scenario.durationSeconds() * 1e6);
        if (scenario.trace() != null) {
            return new TraceSource(scenario.trace(), scenario.workload(), streams, maxLen);
        }
        if (scenario.rateShape() != null) {
            return new RequestSource(scenario.workload(), scenario.qps(), streams, endUs, maxLen, scenario.rateShape());
        }
        if (ArrivalTape.tapeable(scenario.workload(), scenario.qps(), scenario.durationSeconds())) {
            return ArrivalTape.shared(scenario.workload(), scenario.qps(), scenario.seed(), endUs, maxLen);
        }
        return new RequestSource(scenario.workload(), scenario.qps(), streams, endUs, maxLen);
    }

    /** Keep what happened to every request too (measured or not); read it with {@link #requestLog} after the run. */
    public ClusterSimulation recordRequests() {
        requestLog = new RequestLog();
        return this;
    }

    /** Every request's outcome and times, after {@link #run} with {@link #recordRequests}; null otherwise. */
    public RequestLog requestLog() {
        return requestLog;
    }

    /** Keep every measured request's latencies too; read them with {@link #samples} after the run. */
    public ClusterSimulation recordSamples() {
        for (ClassStats s : stats) {
            s.recordSamples();
        }
        return this;
    }

    /** Per-class request samples (class name → samples), after {@link #run} with {@link #recordSamples}. */
    public Map<String, RequestSamples> samples() {
        Map<String, RequestSamples> out = new LinkedHashMap<>();
        for (int i = 0; i < stats.length; i++) {
            if (stats[i].samples() == null) {
                throw new IllegalStateException("samples were not recorded; call recordSamples() before run()");
            }
            out.put(scenario.workload().classes().get(i).name(), stats[i].samples());
        }
        return out;
    }

    /**
     * Keep the usage-limit policy's decisions too, up to {@code maxDecisions} distinct ones; read them with
     * {@link #decisionTrace} after the run (another policy held to them and found alike runs this run
     * exactly: {@link io.nous.sim.epp.DecisionReplay}).
     */
    public ClusterSimulation recordDecisions(int maxDecisions) {
        flow.recordDecisions(maxDecisions);
        return this;
    }

    /**
     * The usage-limit policy's decisions, after {@link #run} with {@link #recordDecisions}; null otherwise,
     * or when they cannot stand for the run (more than asked for, a ceiling that broke the contract,
     * in-flight eviction).
     */
    public DecisionTrace decisionTrace() {
        return flow.decisionTrace();
    }

    /** Runs the scenario to the end and summarizes it. */
    public SimulationResult run() {
        long wallStart = System.nanoTime();
        while (true) {
            if (virtualTickUs >= 0) {
                runHeldTicks();
            }
            if (events.isEmpty() || events.peekTime() > stopUs) {
                break;
            }
            events.poll();
            if (events.kind() == AUTOSCALE && !active()) {
                continue; // the pool's last decision falls after everything else ended: it changes nothing
            }
            now = events.time();
            eventCount++;
            switch (events.kind()) {
                case ARRIVAL -> onArrival(events.arg());
                case STEP_END -> onStepEnd(events.arg());
                case TICK -> onTick();
                case SCRAPE -> onScrape(events.arg());
                case SWEEP -> onSweep();
                case SCRAPE_DONE -> onScrapeDone(events.arg());
                case DEADLINE -> onDeadline();
                case AUTOSCALE -> onAutoscale();
                case POD_READY -> onPodReady(events.arg());
                case KV_READY -> onKvReady();
                default -> throw new IllegalStateException("unknown event kind " + events.kind());
            }
        }
        accumulateInSystem(Math.min(now, endUs));
        double wall = (System.nanoTime() - wallStart) / 1e9;
        return summarize(wall);
    }

    // ---------------------------------------------------------------- events

    private void onArrival(int from) {
        Request r;
        if (from == FROM_USER) {
            r = followUps.poll();
        } else {
            r = pending;
            pending = source.next();
            if (pending != null) {
                events.scheduleBeside(pending.arrivalUs, ARRIVAL, FROM_SOURCE);
            }
        }
        changeInSystem(+1);
        if (firstArrivalUs < 0 && measured(r)) {
            firstArrivalUs = now;
        }
        if (r.deadlineUs != Long.MAX_VALUE) {
            deadlines.add(r);
            scheduleDeadline();
        }
        if (requestLog != null) {
            requestLog.arrived(r.id);
        }
        if (measured(r)) {
            stats[r.classIndex].arrived();
        }
        if (scenario.flowControl()) {
            if (!flow.enqueue(r, now)) {
                drop(r, Outcome.REJECTED_SATURATED);
                return;
            }
            dispatchCycle();
            ensureTick();
        } else {
            if (scenario.legacyShedding() && r.priority < 0 && detector.saturation(now) >= 1.0) {
                drop(r, Outcome.REJECTED_SATURATED);
                return;
            }
            r.dispatchUs = now;
            schedule(r);
        }
    }

    private void onTick() {
        tickPending = false;
        dispatchCycle();
        ensureTick();
    }

    /**
     * Runs the held tick while it comes before the next queued event (and the end of the run), as the
     * event queue would have run it: a cycle that would repeat the last idle one exactly goes in bulk
     * ({@link #repeatIdleTicks}), any other as a real cycle at its time, which holds the next tick in
     * turn. A gated stretch whose policy changes its state on every call (a counter) then costs its
     * calls, not a trip through the event queue per millisecond.
     */
    private void runHeldTicks() {
        while (virtualTickUs >= 0 && virtualTickUs <= stopUs && events.before(virtualTickUs, virtualTickSeq)) {
            if (holdsTicks && flow.idleRepeats() && virtualTickUs < utilization.validUntilUs()) {
                repeatIdleTicks();
            } else {
                now = virtualTickUs;
                virtualTickUs = -1;
                eventCount++;
                onTick();
            }
        }
    }

    /**
     * Runs in bulk the held ticks that repeat the last idle cycle and come before the next queued event
     * (and the end of the run), the staleness boundary excluded: each is the last cycle again, counted as
     * the flow controller would count it, then the next tick is held as {@link #ensureTick} would hold it.
     *
     * <p>Only the first held tick can have taken its place in the event order before an event now queued
     * at the same instant; each later one takes its place when the one before it runs, after everything
     * queued, so the ticks that run are exactly those strictly before the next queued event's time, the
     * staleness boundary and past the end, after the first (none after it when the bands emptied while it
     * was held). The flow controller counts them at once; the event order's places of the ticks in between
     * were taken by nothing else, so one place for the tick held after them keeps every comparison as it was.
     */
    private void repeatIdleTicks() {
        long validUntil = utilization.validUntilUs();
        long first = virtualTickUs;
        // the bands emptied since the tick was held (a sweep, a client gone): it runs, and no tick follows it
        boolean follows = !flow.isEmpty();
        long bound = Math.min(stopUs, validUntil - 1);
        if (!events.isEmpty()) {
            bound = Math.min(bound, events.peekTime() - 1);
        }
        long last = follows && bound > first ? first + (bound - first) / tickUs * tickUs : first;
        long count = (last - first) / tickUs + 1;
        long done = flow.repeatIdleCycles(count);
        eventCount += done;
        tickPending = false;
        virtualTickUs = -1;
        if (done < count) {
            // a guarded candidate's budget fails on this one: the cycle throws at its own time
            now = first + done * tickUs;
            eventCount++;
            flow.repeatIdleCycle(now);
            throw new IllegalStateException("a repeated cycle the budget refused did not fail at t=" + now / 1e6 + " s");
        }
        now = last;
        if (follows) {
            // an idle cycle dispatched nothing: the bands are as full as before, so the next tick is held
            tickPending = true;
            virtualTickUs = last + tickUs;
            virtualTickSeq = events.reserveSeq();
        }
    }

    /** Puts a held tick into the event queue at the place it took, to run as a real cycle. */
    private void releaseHeldTick() {
        if (virtualTickUs >= 0) {
            events.schedule(virtualTickUs, virtualTickSeq, TICK, 0);
            virtualTickUs = -1;
        }
    }

    /** The saturation may change (a scrape landed, or in-flight counts moved): a held tick must run for real. */
    private void saturationChanged() {
        utilization.invalidate();
        releaseHeldTick();
    }

    private void onStepEnd(int i) {
        if (now != stepDueUs[i]) {
            return; // superseded by an earlier event of the same pod
        }
        ModelServer pod = pods[i];
        pod.endStep(now);
        if (pod.hasWork()) {
            startStep(pod);
        } else if (autoscaler != null && autoscaler.state(i) == Autoscaler.DRAINING) {
            autoscaler.drained(i, now);
        }
    }

    /**
     * The data layer's ticker fires for pod i: a fetch starts. With instant scrapes it completes
     * now; otherwise it completes after its latency (the next tick waits for it), or fails after
     * the timeout and updates nothing.
     */
    private void onScrape(int i) {
        if (metrics.instantScrapes()) {
            completeScrape(i);
            nextTickUs[i] = now + metrics.scrapeIntervalUs();
            if (active()) {
                events.schedule(nextTickUs[i], SCRAPE, i);
            }
            return;
        }
        long latency = metrics.latencyUs(pods[i].runningCount());
        if (latency >= metrics.scrapeTimeoutUs()) {
            scheduleNextScrape(i, now + metrics.scrapeTimeoutUs());
        } else {
            events.schedule(now + latency, SCRAPE_DONE, i);
        }
    }

    private void onScrapeDone(int i) {
        completeScrape(i);
        scheduleNextScrape(i, now);
    }

    /** The next fetch starts at the first tick after {@code freeAt}, or at once if a tick came while busy. */
    private void scheduleNextScrape(int i, long freeAt) {
        long interval = metrics.scrapeIntervalUs();
        long next = nextTickUs[i] + interval;
        if (next < freeAt) {
            // Go's ticker keeps one pending tick: it is delivered as soon as the fetch returns.
            next = freeAt;
            long missed = (freeAt - nextTickUs[i]) / interval;
            nextTickUs[i] += missed * interval;
        } else {
            nextTickUs[i] = next;
        }
        if (active()) {
            events.schedule(next, SCRAPE, i);
        }
    }

    /** A fetch of pod i's metrics returns now; the EPP stamps the snapshot with this time. */
    private void completeScrape(int i) {
        ModelServer pod = pods[i];
        if (liveMetrics) {
            snapshots[i].update(now, pod.waitingCount(), pod.runningCount(), pod.kvUsage());
        } else {
            snapshots[i].update(now, pod.publishedWaiting(), pod.publishedRunning(), pod.publishedKvUsage());
        }
        saturationChanged();
        if (i == 0 && now >= warmupUs && now < endUs) {
            double s = detector.saturation(now);
            satSamples++;
            satSum += s;
            satMax = Math.max(satMax, s);
            if (s >= 0.5) {
                satHalf++;
            }
            if (s >= 1.0) {
                satOne++;
            }
        }
    }

    /** Clients whose deadlines have passed give up on what they still wait for. */
    private void onDeadline() {
        if (now >= deadlineEventUs) {
            deadlineEventUs = Long.MAX_VALUE;
        }
        Request r;
        while ((r = deadlines.peek()) != null && r.deadlineUs <= now) {
            deadlines.poll();
            if (!r.done) {
                giveUp(r);
            }
        }
        scheduleDeadline();
    }

    private void scheduleDeadline() {
        Request first = deadlines.peek();
        if (first != null && first.deadlineUs < deadlineEventUs) {
            deadlineEventUs = first.deadlineUs;
            events.schedule(deadlineEventUs, DEADLINE, 0);
        }
    }

    /**
     * The client of {@code r} disconnects: a request still in the router's queue is taken out of it
     * (the router finalizes a queued item whose context is cancelled); one already sent to a pod is
     * aborted there, which frees its KV blocks at the pod's next step.
     */
    private void giveUp(Request r) {
        if (r.dispatchUs < 0) {
            if (!flow.remove(r)) {
                throw new IllegalStateException(r + " is neither queued nor dispatched at its deadline");
            }
        } else {
            abort(r);
        }
        drop(r, Outcome.TIMED_OUT);
    }

    /**
     * In-flight eviction revokes {@code r}: its client gets a 429 ("evicted") at once, and the model
     * server aborts it, freeing its KV blocks at its next step. Its client behaves as after any failed
     * request: an open-loop client does not resend it; a closed-loop user or a session goes on.
     */
    private void evict(Request r) {
        abort(r);
        drop(r, Outcome.EVICTED_IN_FLIGHT);
    }

    /** A dispatched request ends before its response does: the pod aborts it and the router stops counting it. */
    private void abort(Request r) {
        Request leg = r.prefillLeg;
        if (r.prefillPod >= 0 && r.remoteKvTokens == 0) {
            // not at its decode pod yet: still prefilling (the leg is cancelled), or its KV is in transit (dropped on arrival)
            if (!leg.done) {
                leg.done = true;
                if (pods[leg.pod].cancel(leg, now)) {
                    startStep(pods[leg.pod]);
                }
            }
        } else if (pods[r.pod].cancel(r, now)) {
            startStep(pods[r.pod]);
        }
        releaseLeg(r);
        ended(r);
    }

    /** The router stops counting {@code r}'s prefill leg against its prefill pod (at the first token, or when {@code r} ends before). */
    private void releaseLeg(Request r) {
        if (r.prefillLeg != null) {
            inFlightLoad.ended(r.prefillLeg);
            r.prefillLeg = null;
        }
    }

    /** Prompts whose KV has crossed the link join their decode pods' queues, prefilled but for their last token. */
    private void onKvReady() {
        Request r;
        while ((r = handoffs.arrived(now)) != null) {
            if (r.done) {
                continue; // its client left during the transfer
            }
            r.remoteKvTokens = r.inputTokens;
            ModelServer pod = pods[r.pod];
            if (pod.enqueue(r, now)) {
                startStep(pod);
            }
        }
    }

    /** A dispatched request ended, however: out of the router's in-flight counts and eviction tracking. */
    private void ended(Request r) {
        inFlight.remove(r.inputTokens + r.outputTokens);
        inFlightLoad.ended(r);
        if (reclamation != null) {
            reclamation.queue().untrack(r);
        }
        inFlightChanged();
    }

    /**
     * The autoscaler decides from what the serving pods' last scrapes and the router show: pods asked
     * for are ready after their start-up time; pods given up leave the router's pool at once and go
     * off when they hold nothing more.
     */
    private void onAutoscale() {
        double kv = 0;
        int scraped = 0;
        int waiting = 0;
        int running = 0;
        for (int k = 0; k < serving.count(); k++) {
            PodSnapshot p = snapshots[serving.id(k)];
            if (p.scrapedAtUs() != Long.MIN_VALUE) { // a pod not scraped yet reports nothing, as to a metrics pipeline
                kv += p.kvUsage();
                waiting += p.waiting();
                running += p.running();
                scraped++;
            }
        }
        kv = scraped > 0 ? kv / scraped : 0;
        // what the router last computed in its dispatch cycle (the metric an autoscaler reads), not a new call of its detector
        double saturation = scenario.flowControl() ? flow.lastSaturation() : detector.saturation(now);
        Autoscaler.Actions a;
        try {
            a = autoscaler.decide(now, saturation, kv, waiting, running, scenario.flowControl() ? flow.queued() : 0, scaling);
        } catch (PolicyFailure e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            throw new PolicyException("scaling policy '" + scalingName + "' threw " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + " at t=" + now / 1e6 + " s", e);
        }
        for (long[] started : a.started) {
            int pod = (int) started[0];
            if (served[pod]) {
                pods[pod] = new VllmPod(pod, scenario.podConfig(), scenario.profile().costModel(), this);
            }
            events.schedule(started[1], POD_READY, pod);
        }
        for (int pod : a.draining) {
            if (!pods[pod].hasWork()) {
                autoscaler.drained(pod, now);
            }
        }
        if (!a.draining.isEmpty()) {
            poolChanged();
        }
        if (active()) {
            events.schedule(now + scenario.autoscaling().intervalUs(), AUTOSCALE, 0);
        }
    }

    /** A pod's start-up ends: it joins the router's pool, not scraped yet (the router counts it saturated until it is). */
    private void onPodReady(int pod) {
        if (autoscaler.ready(pod, now)) {
            served[pod] = true;
            snapshots[pod].forget();
            poolChanged();
        }
    }

    /** The router's pool changed: its saturation may have, and a queue held behind the gate may dispatch. */
    private void poolChanged() {
        utilization.invalidate();
        saturationChanged();
        ensureTick();
    }

    private long sloOf(Request r) {
        return r.sloTtftMs > 0 ? r.sloTtftMs : scenario.workload().classes().get(r.classIndex).sloHeaderMs();
    }

    private void onSweep() {
        flow.sweep(now, r -> drop(r, Outcome.EVICTED_TTL));
        if (active()) {
            events.schedule(now + scenario.flowControlConfig().sweepIntervalUs(), SWEEP, 0);
        }
    }

    // ---------------------------------------------------------------- request path

    private void dispatchCycle() {
        Request r = flow.dispatchCycle(now);
        if (r != null) {
            releaseHeldTick(); // the bands changed: the next tick may dispatch again
            schedule(r);
        }
    }

    /**
     * Ticks run on a fixed 1 ms grid, and only while something is queued. The pending tick is held
     * outside the event queue, at the place in the event order its scheduling takes, and run by
     * {@link #runHeldTicks}: in bulk where it would repeat the last cycle exactly (it was idle, its call
     * changed no state of the policy, and the saturation cannot change before the tick: the utilization
     * detector, no in-flight credit, no scrape in between), which is what makes gated stretches cheap.
     */
    private void ensureTick() {
        if (!tickPending && !flow.isEmpty()) {
            tickPending = true;
            long at = (now / tickUs + 1) * tickUs;
            virtualTickUs = at;
            virtualTickSeq = events.reserveSeq();
        }
    }

    /** Admission plugin, then pod choice. */
    private void schedule(Request r) {
        if (admitter != null) {
            boolean admit;
            utilization.admissionSignals(signals);
            admissionCalls++;
            try {
                admit = admitter.admit(r.priority, signals[0], signals[1], signals[2], r.admissionDraw);
            } catch (RuntimeException | StackOverflowError e) {
                throw new PolicyException("admission policy '" + admissionName + "' threw " + e.getClass().getSimpleName()
                        + (e.getMessage() == null ? "" : ": " + e.getMessage()) + " at t=" + now / 1e6 + " s", e);
            }
            if (!admit) {
                drop(r, Outcome.ADMISSION_REJECTED);
                return;
            }
        }
        int chosen = router.route(r, now);
        if (chosen < 0) {
            drop(r, Outcome.NO_ENDPOINT);
            return;
        }
        ModelServer pod = pods[chosen];
        routed[chosen]++;
        tenantsSeen[chosen].set(r.tenant);
        inFlight.add(r.inputTokens + r.outputTokens);
        if (reclamation != null) {
            reclamation.queue().track(r);
        }
        int prefillPod = router.prefillPod();
        if (handoffs != null) {
            handoffs.scheduled(measured(r), prefillPod >= 0);
        }
        if (prefillPod >= 0) {
            // the decode pod's sidecar sends the prompt to the prefill pod first (max_tokens 1)
            Request leg = handoffs.leg(r, chosen, prefillPod, now);
            inFlightLoad.dispatched(leg, prefillPod, router.prefillCharge());
            routed[prefillPod]++;
            tenantsSeen[prefillPod].set(r.tenant);
            inFlightChanged();
            if (pods[prefillPod].enqueue(leg, now)) {
                startStep(pods[prefillPod]);
            }
            return;
        }
        inFlightChanged();
        if (pod.enqueue(r, now)) {
            startStep(pod);
        }
    }

    private void startStep(ModelServer pod) {
        long d = pod.startStep(now);
        if (d > 0) {
            stepDueUs[pod.index()] = now + d;
            events.schedule(now + d, STEP_END, pod.index());
        }
    }

    /** An inference-sim pod refused {@code r}: its queue was full, or the request could not be served. */
    @Override
    public void onRejected(Request r, long nowUs, int httpStatus) {
        r.done = true;
        ended(r);
        drop(r, httpStatus == 429 ? Outcome.SERVER_BUSY : Outcome.SERVER_ERROR);
    }

    private void drop(Request r, Outcome o) {
        r.done = true;
        changeInSystem(-1);
        if (requestLog != null) {
            requestLog.dropped(r, o, now);
        }
        if (measured(r)) {
            stats[r.classIndex].dropped(o);
            if (autoscaler != null) {
                autoscaler.judged(-1, sloOf(r));
            }
        }
        followUp(r, false);
    }

    /** A closed-loop user or a session whose request ended may send its next ones after a pause. */
    private void followUp(Request done, boolean completed) {
        source.followUps(done, completed, now, sendLater);
    }

    private void sendLater(Request next) {
        followUps.add(next);
        events.schedule(next.arrivalUs, ARRIVAL, FROM_USER);
    }

    /** With in-flight credit the saturation moves with every dispatch and end, not only with scrapes. */
    private void inFlightChanged() {
        if (credited) {
            saturationChanged();
        }
    }

    private static int byArrival(Request a, Request b) {
        return a.arrivalUs != b.arrivalUs ? Long.compare(a.arrivalUs, b.arrivalUs) : Integer.compare(a.id, b.id);
    }

    private static int byDeadline(Request a, Request b) {
        return a.deadlineUs != b.deadlineUs ? Long.compare(a.deadlineUs, b.deadlineUs) : Integer.compare(a.id, b.id);
    }

    @Override
    public void onFirstToken(Request r, long nowUs) {
        if (r.pdParent != null) {
            return; // a prefill leg's token is discarded: the sidecar reads only where the KV is
        }
        // TTFT is read from the request when it completes; the router stops counting its prompt.
        inFlightLoad.firstToken(r);
        // and its prefill pod entry in full (inflightload/producer.go: StartOfStream releases the prefill profile)
        releaseLeg(r);
    }

    @Override
    public void onFinished(Request r, long nowUs) {
        if (r.pdParent != null) {
            r.done = true;
            events.schedule(handoffs.prefilled(r, nowUs, measured(r.pdParent)), KV_READY, 0);
            return;
        }
        r.done = true;
        ended(r);
        changeInSystem(-1);
        if (requestLog != null) {
            requestLog.completed(r);
        }
        if (measured(r)) {
            stats[r.classIndex].completed(r);
            if (autoscaler != null) {
                autoscaler.judged(r.firstTokenUs - r.arrivalUs, sloOf(r));
            }
            overallPromptTokens += r.inputTokens;
            lastCompletionUs = nowUs;
        }
        followUp(r, true);
    }

    private boolean measured(Request r) {
        return r.arrivalUs >= warmupUs && r.arrivalUs < endUs;
    }

    /** Recurring events continue while arrivals are pending or anything is in the system. */
    private boolean active() {
        return pending != null || inSystem > 0 || !followUps.isEmpty();
    }

    private void changeInSystem(int delta) {
        accumulateInSystem(now);
        inSystem += delta;
    }

    private void accumulateInSystem(long t) {
        long from = Math.max(lastChangeUs, warmupUs);
        long to = Math.min(t, endUs);
        if (to > from) {
            inSystemArea += (double) inSystem * (to - from);
        }
        lastChangeUs = t;
    }

    // ---------------------------------------------------------------- results

    /**
     * Where the measured window ends: the nominal end, or for a run capped by its request count
     * ({@code num_requests}) that finished early, its last completion: throughput is over the time the
     * requests took, as Little's law and the run's own total have it.
     */
    private long windowEndUs() {
        if (scenario.workload().requestLimit() > 0 && now < endUs && lastCompletionUs > warmupUs) {
            return lastCompletionUs;
        }
        return endUs;
    }

    private SimulationResult summarize(double wallSeconds) {
        double window = (windowEndUs() - warmupUs) / 1e6;
        Map<String, ClassSummary> classes = new LinkedHashMap<>();
        for (ClassStats s : stats) {
            ClassSummary cs = s.summarize(window);
            classes.put(cs.name(), cs);
        }
        double simulated = now / 1e6;
        List<PodSummary> podStats = new ArrayList<>();
        for (ModelServer p : pods) {
            if (!served[p.index()]) {
                continue; // an autoscaled pool's pod that never started
            }
            double busy = p.busyUs();
            podStats.add(new PodSummary(p.index(),
                    now > 0 ? busy / now : 0,
                    p.steps(),
                    p.steps() > 0 ? (double) p.batchSum() / p.steps() : 0,
                    busy > 0 ? p.kvBlockUs() / busy / p.kvBlocks() : 0,
                    (double) p.maxUsedBlocks() / p.kvBlocks(),
                    p.maxWaiting(),
                    p.preemptions(),
                    routed[p.index()],
                    tenantsSeen[p.index()].cardinality()));
        }
        SaturationSummary sat = new SaturationSummary(satSamples,
                satSamples > 0 ? satSum / satSamples : Double.NaN, satMax,
                satSamples > 0 ? (double) satHalf / satSamples : Double.NaN,
                satSamples > 0 ? (double) satOne / satSamples : Double.NaN);
        int[] prio = flow.priorities();
        List<PolicySummary.BandSummary> bands = new ArrayList<>();
        for (int i = 0; i < prio.length; i++) {
            bands.add(new PolicySummary.BandSummary(prio[i],
                    flow.cycles() > 0 ? (double) flow.gatedCycles(i) / flow.cycles() : 0));
        }
        PolicySummary policy = new PolicySummary(policyName, admissionName, flow.cycles(), admissionCalls, bands,
                flow.ceilingViolations(), flow.firstViolation(), orderingName, fairnessName,
                reclamation == null ? null : new PolicySummary.EvictionSummary(reclamation.queue().name(), evictionGraceUs / 1000.0,
                        reclamation.decisions(), reclamation.revocations()));
        return new SimulationResult(scenario.workload().name(), scenario.qps(), scenario.seed(), scenario.pods(),
                scenario.profile().name(), detectorName, scenario.flowControl(),
                scenario.durationSeconds(), scenario.warmupSeconds(), simulated, wallSeconds, eventCount,
                classes, podStats, sat, policy, inSystemArea / ((windowEndUs() - warmupUs)), prefixCacheSummary(),
                scenario.workload().hasTimeouts(), runSummary(), autoscaler == null ? null : autoscaler.summary(Math.max(now, endUs)),
                handoffs == null ? null : handoffs.summary());
    }

    /** The name results give the policy at {@code point} (its noun when it came without one), or null when none fills it. */
    private static String plugName(Policies policies, PlugPoint<?> point) {
        if (!policies.has(point)) {
            return null;
        }
        String name = policies.name(point);
        return name != null ? name : point.noun().replaceFirst("^an? ", "");
    }

    /** The run's requests of every class together (the class statistics merged, as one of all of them would record them). */
    private RunSummary runSummary() {
        long completed = 0;
        long cachedPromptTokens = 0;
        for (ClassStats s : stats) {
            completed += s.completed();
            cachedPromptTokens += s.cachedPromptTokens();
        }
        double span = (lastCompletionUs - firstArrivalUs) / 1e6;
        return new RunSummary(scorerName == null ? scenario.routing().name() : scenario.routing().name() + " scored by " + scorerName,
                scenario.inferenceSim() == null ? "vllm" : "inference-sim", completed, overallPromptTokens, cachedPromptTokens,
                ClassStats.ttftAcross(stats), completed > 0 && span > 0 ? completed / span : 0);
    }

    /** The pods' prefix caches together, when some prompts share content and caching is on; else null. */
    private PrefixCacheSummary prefixCacheSummary() {
        boolean caching = scenario.inferenceSim() == null ? scenario.podConfig().prefixCaching() : scenario.inferenceSim().enableKvCache();
        if (!promptsShare || !caching) {
            return null;
        }
        PrefixCacheSummary total = new PrefixCacheSummary(0, 0, 0, 0, 0);
        for (ModelServer p : pods) {
            total = total.plus(new PrefixCacheSummary(p.prefixQueriedTokens(), p.prefixHitTokens(), p.preemptedQueriedTokens(),
                    p.preemptedHitTokens(), p.prefixEvictions()));
        }
        return total;
    }

    // ---------------------------------------------------------------- test access

    /** The pods, for invariant checks in tests. */
    ModelServer[] podsForTest() {
        return pods;
    }
}
