package io.nous.cli;

import io.nous.sim.DetectorConfig;
import io.nous.sim.Scenario;
import io.nous.sim.cost.CostCatalog;
import io.nous.sim.cost.CostProfile;
import io.nous.sim.epp.Fairness;
import io.nous.sim.epp.FlowControlConfig;
import io.nous.sim.epp.Ordering;
import io.nous.sim.pod.PodConfig;
import io.nous.sim.workload.ArrivalProcess;
import io.nous.sim.workload.Workload;
import io.nous.sim.workload.WorkloadCatalog;
import picocli.CommandLine.Option;

/** The options that describe a scenario, shared by every command that simulates. */
public final class ScenarioOptions {

    @Option(names = "--workload", paramLabel = "NAME", required = true,
            description = "Workload preset: code-generation, interactive-chat, reasoning, balanced, chatbot, code-completion, blindspot.")
    String workload;

    @Option(names = "--qps", paramLabel = "X", required = true, description = "Arrival rate for the whole cluster, requests per second.")
    double qps;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed of all random streams (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--duration", paramLabel = "SECONDS", defaultValue = "600",
            description = "Simulated seconds of arrivals (default: ${DEFAULT-VALUE}).")
    double duration;

    @Option(names = "--warmup", paramLabel = "SECONDS", description = "Unmeasured warm-up (default: 20% of the duration).")
    Double warmup;

    @Option(names = "--pods", paramLabel = "N", description = "Model-server pods (default: the workload's study size).")
    Integer pods;

    @Option(names = "--detector", paramLabel = "NAME", defaultValue = "utilization",
            description = "Saturation detector: utilization or concurrency (default: ${DEFAULT-VALUE}).")
    String detector;

    @Option(names = "--profile", paramLabel = "NAME", defaultValue = CostCatalog.DEFAULT_PROFILE,
            description = "Cost profile (default: ${DEFAULT-VALUE}); see 'nous profiles'.")
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

    @Option(names = "--ttl", paramLabel = "SECONDS", defaultValue = "60", description = "Flow-control request TTL (default: ${DEFAULT-VALUE}; 0 disables).")
    double ttl;

    @Option(names = "--scrape-interval", paramLabel = "MS", defaultValue = "50",
            description = "How often the EPP scrapes pod metrics, in milliseconds (default: ${DEFAULT-VALUE}).")
    double scrapeIntervalMs;

    @Option(names = "--record-violations",
            description = "Count ceiling-contract breaches and carry on (as the router would) instead of failing the run.")
    boolean recordViolations;

    @Option(names = "--no-flow-control", description = "Turn the flowControl feature gate off (legacy path: straight to a pod).")
    boolean noFlowControl;

    /** Validates the options and builds the scenario they describe. */
    Scenario toScenario() {
        if (!(qps > 0) || Double.isInfinite(qps)) {
            throw new UserError("--qps must be a positive number, got " + qps);
        }
        if (!(duration > 0) || Double.isInfinite(duration)) {
            throw new UserError("--duration must be a positive number of seconds, got " + duration);
        }
        if (warmup != null && !(warmup >= 0 && warmup < duration)) {
            throw new UserError("--warmup must be in [0, duration), got " + warmup);
        }
        if (pods != null && pods < 1) {
            throw new UserError("--pods must be at least 1, got " + pods);
        }
        if (maxNumSeqs < 1 || maxNumBatchedTokens < 1 || maxNumSeqs > maxNumBatchedTokens) {
            throw new UserError("--max-num-seqs and --max-num-batched-tokens must be >= 1, with max-num-seqs <= max-num-batched-tokens");
        }
        if (!(ttl >= 0) || Double.isInfinite(ttl)) {
            throw new UserError("--ttl must be >= 0 seconds, got " + ttl);
        }
        if (!(scrapeIntervalMs >= 0.001) || Double.isInfinite(scrapeIntervalMs)) {
            throw new UserError("--scrape-interval must be at least 0.001 ms, got " + scrapeIntervalMs);
        }
        Workload w = WorkloadCatalog.builtin().workload(workload);
        if (arrivalCv != null) {
            w = w.withArrival(new ArrivalProcess("gamma", arrivalCv));
        }
        CostProfile p = CostCatalog.builtin().profile(profile);
        FlowControlConfig fc;
        try {
            fc = FlowControlConfig.DEFAULTS.withFairness(Fairness.byId(fairness)).withOrdering(Ordering.byId(ordering))
                    .withTtlUs(Math.round(ttl * 1e6)).withFailOnContractViolation(!recordViolations);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        DetectorConfig d;
        try {
            d = DetectorConfig.byName(detector);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        Scenario.Builder b = Scenario.builder(w).qps(qps).seed(seed).durationSeconds(duration).profile(p)
                .podConfig(new PodConfig(maxNumBatchedTokens, maxNumSeqs, p.kvBlocks(), p.blockSize()))
                .detector(d).flowControlConfig(fc).flowControl(!noFlowControl)
                .scrapeIntervalUs(Math.round(scrapeIntervalMs * 1000));
        if (warmup != null) {
            b.warmupSeconds(warmup);
        }
        if (pods != null) {
            b.pods(pods);
        }
        return b.build();
    }
}
