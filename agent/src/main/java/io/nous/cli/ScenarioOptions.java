package io.nous.cli;

import io.nous.sim.DetectorConfig;
import io.nous.sim.MetricsConfig;
import io.nous.sim.Scenario;
import io.nous.sim.cost.CostCatalog;
import io.nous.sim.cost.CostProfile;
import io.nous.sim.epp.Fairness;
import io.nous.sim.epp.FlowControlConfig;
import io.nous.sim.epp.Ordering;
import io.nous.sim.epp.RouterRelease;
import io.nous.sim.pod.PodConfig;
import io.nous.sim.workload.ArrivalProcess;
import io.nous.sim.workload.Workload;
import io.nous.sim.workload.WorkloadCatalog;
import io.nous.sim.workload.spec.WorkloadSpec;
import io.nous.sim.workload.spec.WorkloadSpecReader;
import io.nous.sim.workload.trace.BadRows;
import io.nous.sim.workload.trace.Trace;
import io.nous.sim.workload.trace.TraceReader;
import io.nous.sim.workload.trace.TraceReplay;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options that describe a scenario, shared by every command that simulates. */
public final class ScenarioOptions {

    @Option(names = "--workload", paramLabel = "NAME",
            description = "Workload preset: code-generation, interactive-chat, reasoning, balanced, chatbot, code-completion, blindspot.")
    String workload;

    @Option(names = "--workload-spec", paramLabel = "FILE.yaml", description = "A BLIS workload spec (clients, rates, distributions).")
    Path workloadSpec;

    @Option(names = "--trace", paramLabel = "FILE", description = "Replay a trace: Azure LLM inference trace .csv, or .jsonl.")
    Path trace;

    @Option(names = "--rate-scale", paramLabel = "X", defaultValue = "1", description = "With --trace: play it X times faster (default: ${DEFAULT-VALUE}).")
    double rateScale;

    @Option(names = "--critical-fraction", paramLabel = "F", defaultValue = "0.3",
            description = "With --trace: share of requests without a recorded priority that are critical (default: ${DEFAULT-VALUE}).")
    double criticalFraction;

    @Option(names = "--trace-start", paramLabel = "SECONDS", defaultValue = "0", description = "With --trace: window start on the trace's timeline.")
    double traceStart;

    @Option(names = "--trace-end", paramLabel = "SECONDS", description = "With --trace: window end (default: the whole trace).")
    Double traceEnd;

    @Option(names = "--bad-rows", paramLabel = "fail|skip", defaultValue = "fail", description = "With --trace: malformed rows stop the run or are skipped (default: ${DEFAULT-VALUE}).")
    String badRows;

    @Option(names = "--qps", paramLabel = "X",
            description = "Arrival rate for the whole cluster, requests per second (required with --workload; overrides a spec's aggregate_rate).")
    Double qps;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed of all random streams (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--duration", paramLabel = "SECONDS", defaultValue = "600",
            description = "Simulated seconds of arrivals (default: ${DEFAULT-VALUE}).")
    double duration;

    @Option(names = "--warmup", paramLabel = "SECONDS", description = "Unmeasured warm-up (default: 20%% of the duration).")
    Double warmup;

    @Option(names = "--pods", paramLabel = "N", description = "Model-server pods (default: the workload's study size).")
    Integer pods;

    @Option(names = "--detector", paramLabel = "NAME", defaultValue = "utilization",
            description = "Saturation detector: utilization or concurrency (default: ${DEFAULT-VALUE}).")
    String detector;

    @Option(names = "--profile", paramLabel = "NAME", defaultValue = CostCatalog.DEFAULT_PROFILE,
            description = "Cost profile (default: ${DEFAULT-VALUE}), or a profile file from 'nous calibrate'; see 'nous profiles'.")
    String profile;

    @Option(names = "--max-num-seqs", paramLabel = "N", defaultValue = "" + PodConfig.DEFAULT_MAX_NUM_SEQS,
            description = "vLLM max_num_seqs per pod (default: ${DEFAULT-VALUE}).")
    int maxNumSeqs;

    @Option(names = "--max-num-batched-tokens", paramLabel = "N", defaultValue = "" + PodConfig.DEFAULT_MAX_NUM_BATCHED_TOKENS,
            description = "vLLM max_num_batched_tokens per pod (default: ${DEFAULT-VALUE}).")
    int maxNumBatchedTokens;

    @Option(names = "--fairness", paramLabel = "NAME", defaultValue = "global-strict",
            description = "Fairness inside a band: global-strict or round-robin (default: ${DEFAULT-VALUE}).")
    String fairness;

    @Option(names = "--ordering", paramLabel = "NAME", defaultValue = "fcfs", description = "Ordering inside a flow: fcfs or edf (default: ${DEFAULT-VALUE}).")
    String ordering;

    @Option(names = "--arrival-cv", paramLabel = "CV",
            description = "Gamma arrivals with this coefficient of variation of the gaps (default: Poisson).")
    Double arrivalCv;

    @Option(names = "--router-version", paramLabel = "VERSION", defaultValue = "v0.10",
            description = "Router release whose flow-control defaults to use: v0.10 (latest: 60 s queue TTL, 5,000 requests per band) "
                    + "or v0.9 (study: no TTL, no request limit) (default: ${DEFAULT-VALUE}).")
    String routerVersion;

    @Option(names = "--ttl", paramLabel = "SECONDS", description = "Flow-control request TTL, overriding the router version's (0 disables).")
    Double ttl;

    @Option(names = "--metric-timing", paramLabel = "step|live", defaultValue = "step",
            description = "What pods report: step (vLLM's stats, published at each engine step's end) or live (the live queue) (default: ${DEFAULT-VALUE}).")
    String metricTiming;

    @Option(names = "--scrape-latency", paramLabel = "MS", defaultValue = "0",
            description = "Time a metrics fetch takes, in milliseconds (default: ${DEFAULT-VALUE}).")
    double scrapeLatencyMs;

    @Option(names = "--scrape-latency-per-request", paramLabel = "MS", defaultValue = "0",
            description = "Extra fetch time per request the pod is running, in milliseconds (default: ${DEFAULT-VALUE}).")
    double scrapeLatencyPerRequestMs;

    @Option(names = "--scrape-interval", paramLabel = "MS", defaultValue = "50",
            description = "How often the EPP scrapes pod metrics, in milliseconds (default: ${DEFAULT-VALUE}).")
    double scrapeIntervalMs;

    @Option(names = "--record-violations",
            description = "Count ceiling-contract breaches and carry on (as the router would) instead of failing the run.")
    boolean recordViolations;

    @Option(names = "--no-flow-control", description = "Turn the flowControl feature gate off (legacy path: straight to a pod).")
    boolean noFlowControl;

    /** A built-in profile name, or a profile file (FILE.yaml, or FILE.yaml:NAME when it holds several). */
    static CostProfile profile(String ref) {
        int colon = ref.lastIndexOf(':');
        String file = colon > 0 && ref.substring(0, colon).matches(".*\\.ya?ml") ? ref.substring(0, colon) : ref;
        if (!file.endsWith(".yaml") && !file.endsWith(".yml")) {
            return CostCatalog.builtin().profile(ref);
        }
        CostCatalog c = CostCatalog.load(Path.of(file));
        if (colon > 0 && !file.equals(ref)) {
            return c.profile(ref.substring(colon + 1));
        }
        if (c.profiles().size() != 1) {
            throw new UserError(file + " holds " + c.profiles().size() + " profiles; name one as " + file + ":NAME");
        }
        return c.profiles().values().iterator().next();
    }

    /** Rows a trace read skipped (with --bad-rows skip), for reporting. */
    java.util.List<String> skippedRows = java.util.List.of();

    private boolean durationGiven() {
        return spec != null && spec.commandLine().getParseResult() != null
                && spec.commandLine().getParseResult().hasMatchedOption("--duration");
    }

    @picocli.CommandLine.Spec(picocli.CommandLine.Spec.Target.MIXEE)
    picocli.CommandLine.Model.CommandSpec spec;

    /** Validates the options and builds the scenario they describe. */
    Scenario toScenario() {
        int sources = (workload != null ? 1 : 0) + (workloadSpec != null ? 1 : 0) + (trace != null ? 1 : 0);
        if (sources != 1) {
            throw new UserError("give exactly one of --workload, --workload-spec and --trace");
        }
        if (workload != null && qps == null) {
            throw new UserError("--qps is required with --workload");
        }
        if (trace != null && qps != null) {
            throw new UserError("--qps does not apply to --trace; use --rate-scale");
        }
        if (qps != null && (!(qps > 0) || Double.isInfinite(qps))) {
            throw new UserError("--qps must be a positive number, got " + qps);
        }
        if (!(duration > 0) || Double.isInfinite(duration)) {
            throw new UserError("--duration must be a positive number of seconds, got " + duration);
        }
        if (pods != null && pods < 1) {
            throw new UserError("--pods must be at least 1, got " + pods);
        }
        if (maxNumSeqs < 1 || maxNumBatchedTokens < 1 || maxNumSeqs > maxNumBatchedTokens) {
            throw new UserError("--max-num-seqs and --max-num-batched-tokens must be >= 1, with max-num-seqs <= max-num-batched-tokens");
        }
        if (ttl != null && (!(ttl >= 0) || Double.isInfinite(ttl))) {
            throw new UserError("--ttl must be >= 0 seconds, got " + ttl);
        }
        if (!(scrapeLatencyMs >= 0) || Double.isInfinite(scrapeLatencyMs) || !(scrapeLatencyPerRequestMs >= 0)
                || Double.isInfinite(scrapeLatencyPerRequestMs)) {
            throw new UserError("--scrape-latency and --scrape-latency-per-request must be >= 0 ms");
        }
        if (!(scrapeIntervalMs >= 0.001) || Double.isInfinite(scrapeIntervalMs)) {
            throw new UserError("--scrape-interval must be at least 0.001 ms, got " + scrapeIntervalMs);
        }
        Workload w;
        double rate;
        double seconds = duration;
        TraceReplay replay = null;
        if (workloadSpec != null) {
            WorkloadSpec spec = WorkloadSpecReader.read(workloadSpec);
            w = spec.workload();
            rate = qps != null ? qps : spec.aggregateRate();
            if (spec.durationSeconds() != null && !durationGiven()) {
                seconds = spec.durationSeconds();
            }
        } else if (trace != null) {
            BadRows policy = switch (badRows) {
                case "fail" -> BadRows.FAIL;
                case "skip" -> BadRows.SKIP;
                default -> throw new UserError("--bad-rows must be fail or skip, got '" + badRows + "'");
            };
            Trace t = TraceReader.read(trace, policy);
            replay = new TraceReplay(t, rateScale, criticalFraction, traceStart, traceEnd == null ? Double.POSITIVE_INFINITY : traceEnd);
            w = replay.workload();
            rate = replay.qps();
            seconds = replay.durationSeconds();
            skippedRows = t.skippedRows();
        } else {
            w = WorkloadCatalog.builtin().workload(workload);
            rate = qps;
        }
        if (warmup != null && !(warmup >= 0 && warmup < seconds)) {
            throw new UserError("--warmup must be in [0, duration), got " + warmup);
        }
        if (arrivalCv != null) {
            w = w.withArrival(new ArrivalProcess("gamma", arrivalCv));
        }
        CostProfile p = profile(profile);
        FlowControlConfig fc;
        MetricsConfig metrics;
        try {
            fc = RouterRelease.byName(routerVersion).applyTo(FlowControlConfig.DEFAULTS).withFairness(Fairness.byId(fairness))
                    .withOrdering(Ordering.byId(ordering)).withFailOnContractViolation(!recordViolations);
            if (ttl != null) {
                fc = fc.withTtlUs(Math.round(ttl * 1e6));
            }
            metrics = MetricsConfig.DEFAULTS.withTiming(MetricsConfig.Timing.byId(metricTiming))
                    .withScrapeIntervalUs(Math.round(scrapeIntervalMs * 1000))
                    .withScrapeLatency(Math.round(scrapeLatencyMs * 1000), scrapeLatencyPerRequestMs * 1000);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        DetectorConfig d;
        try {
            d = DetectorConfig.byName(detector);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        Scenario.Builder b = Scenario.builder(w).qps(rate).seed(seed).durationSeconds(seconds).profile(p).trace(replay)
                .podConfig(new PodConfig(maxNumBatchedTokens, maxNumSeqs, p.kvBlocks(), p.blockSize()))
                .detector(d).flowControlConfig(fc).flowControl(!noFlowControl)
                .metrics(metrics);
        if (warmup != null) {
            b.warmupSeconds(warmup);
        }
        if (pods != null) {
            b.pods(pods);
        }
        return b.build();
    }
}
