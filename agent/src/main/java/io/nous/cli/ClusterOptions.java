package io.nous.cli;

import io.nous.policy.PolicyRegistry;
import io.nous.sim.DetectorConfig;
import io.nous.sim.MetricsConfig;
import io.nous.sim.Scenario;
import io.nous.sim.cost.CostCatalog;
import io.nous.sim.cost.CostProfile;
import io.nous.sim.epp.EvictionConfig;
import io.nous.sim.epp.Fairness;
import io.nous.sim.epp.FlowControlConfig;
import io.nous.sim.epp.Ordering;
import io.nous.sim.epp.RouterRelease;
import io.nous.sim.pd.Deployment;
import io.nous.sim.pd.Disaggregation;
import io.nous.sim.pd.KvTransfer;
import io.nous.sim.pod.InferenceSimConfig;
import io.nous.sim.pod.PodConfig;
import io.nous.sim.routing.RoutingConfig;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.workload.SharedPrefix;
import io.nous.sim.workload.Workload;
import io.nous.sim.workload.WorkloadException;
import io.nous.sim.workload.trace.TraceReplay;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The options of a simulated cluster — pods, cost profile, vLLM limits, router release and flow
 * control, metrics — everything of a scenario but its arrivals. {@code nous compare} and
 * {@code nous calibrate --observed} use it alone, with arrivals from an observation.
 */
public final class ClusterOptions {

    @Option(names = "--pods", paramLabel = "N", description = "Model-server pods (default: the workload's study size).")
    Integer pods;

    @Option(names = "--prefill-pods", paramLabel = "N", description = "Disaggregate: the first N pods prefill (role label prefill), the "
            + "others decode; a P/D router config (--epp-config pd) sends prompts to a prefill pod and their KV over --kv-link "
            + "(default: none, every pod unlabelled).")
    Integer prefillPods;

    @Option(names = "--kv-link", paramLabel = "NAME[:k=v,...]", description = "The KV link between prefill and decode pods: "
            + "${bundle:pd.links} (default: rdma), with settings gbps, latency_ms, overlap, e.g. rdma:overlap=0.5.")
    String kvLink;

    @Option(names = "--deployment", paramLabel = "NAME", description = "A pool shape for P/D against aggregated serving on the same "
            + "GPUs: ${bundle:pd.deployments}. It sets --pods and --prefill-pods and, unless --epp-config is given, the router's "
            + "P/D config (pd).")
    String deployment;

    @Option(names = "--detector", paramLabel = "NAME", defaultValue = "utilization",
            description = "Saturation detector: utilization or concurrency (default: ${DEFAULT-VALUE}); with simulate also a detector "
                    + "policy at the saturation plug point: a built-in (utilization-detector[:k=v,...], concurrency-detector, "
                    + "lease-detector; see 'nous policies') or a .java SaturationDetector.")
    String detector;

    /** Set by a command that runs a detector policy (a --detector that is not a built-in kind). */
    boolean acceptsDetectorPolicy;

    /** The detector policy --detector names (a registry reference or a .java file), or null for a built-in kind. */
    String detectorPolicy() {
        return detector.equals("utilization") || detector.equals("concurrency") ? null : detector;
    }

    @Option(names = "--profile", paramLabel = "NAME", defaultValue = CostCatalog.DEFAULT_PROFILE,
            description = "Cost profile (default: ${DEFAULT-VALUE}), or a profile file from 'nous calibrate'; see 'nous profiles'.")
    String profile;

    @Option(names = "--no-prefix-caching", description = "Turn vLLM's automatic prefix caching off on every pod (it is on by default, "
            + "as in vLLM V1; only prompts that share content can hit).")
    boolean noPrefixCaching;

    @Option(names = "--inflight-credit", description = "Utilization detector: count the requests the router sent to a pod that its "
            + "last scrape cannot show yet (llm-d-router PR #2066, an open proposal).")
    boolean inflightCredit;

    @Option(names = "--detector-filter", paramLabel = "HEADROOM", description = "Also use the utilization detector as a scheduling "
            + "filter: pods over its thresholds x (1 + HEADROOM) are not chosen, unless all are (default: not a filter).")
    Double detectorFilter;

    @Option(names = "--client-timeout", paramLabel = "SECONDS", description = "Clients give up on a request this long after sending it: "
            + "the router drops it from its queue, the pod aborts it (default: never; a workload spec's clients may set their own).")
    Double clientTimeout;

    @Option(names = "--prefix-share", paramLabel = "F", description = "The first F (0..1) of every prompt is text its tenant's "
            + "prompts share, for the pods' prefix caches (default: the workload's own, usually nothing).")
    Double prefixShare;

    @Option(names = "--system-prompt", paramLabel = "TOKENS", description = "Put a system prompt of this many tokens, one per "
            + "tenant, in front of every prompt (default: the workload's own, usually none).")
    Integer systemPrompt;

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

    @Option(names = "--router-version", paramLabel = "VERSION", defaultValue = "v0.10",
            description = "Router release whose flow-control defaults to use: v0.10 (latest: 60 s queue TTL, 5,000 requests per band) "
                    + "or v0.9 (study: no TTL, no request limit) (default: ${DEFAULT-VALUE}).")
    String routerVersion;

    @Option(names = "--ttl", paramLabel = "SECONDS", description = "Flow-control request TTL, overriding the router version's (0 disables).")
    Double ttl;

    @Option(names = "--eviction", description = "Turn the router's demand-driven in-flight eviction on (flowControl.enableEviction): "
            + "sheddable requests already on a pod are revoked when higher-priority work waits at a saturated band.")
    boolean eviction;

    @Option(names = "--eviction-grace", paramLabel = "MS", description = "Wait after a revocation is confirmed before the next "
            + "decision, in milliseconds (default: derived from the detector as the router does: 10 ms for concurrency, "
            + "scrape interval + staleness + 250 ms otherwise).")
    Double evictionGraceMs;

    @Option(names = "--eviction-max-per-decision", paramLabel = "N", description = "Leases one reclamation decision may revoke "
            + "(router default 2).")
    Integer evictionMaxPerDecision;

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

    @Option(names = "--epp-config", paramLabel = "FILE|NAME", description = "The router's EndpointPickerConfig: a YAML file, or a shipped "
            + "one (${bundle:epp.presets}). Its featureGates decide flow control, its "
            + "usageLimitPolicyPluginRef and admitter the policies unless --policy or --admission name others; a config 'nous export' "
            + "wrote runs its plugins from the export's sources. 'nous simulate' "
            + "takes several, to compare them on the same requests (default: the router's built-in profile, flow control on).")
    List<String> eppConfigs = new ArrayList<>();

    @Option(names = "--routing", paramLabel = "epp|service", defaultValue = "epp", description = "epp (the router and its config) or "
            + "service: a plain Kubernetes Service, a pod at random per request, no flow control (default: ${DEFAULT-VALUE}).")
    String routing;

    @Option(names = "--pod-engine", paramLabel = "vllm|inference-sim", defaultValue = "vllm", description = "What the pods run: vllm "
            + "(the vLLM model, calibrated on H100 step times) or inference-sim (llm-d-inference-sim, as labs deploy it) "
            + "(default: ${DEFAULT-VALUE}).")
    String podEngine;

    @Option(names = "--engine-args", paramLabel = "FILE|NAME", description = "With --pod-engine inference-sim: the container's args "
            + "list, a YAML file or the shipped lab-inference-sim (default: the simulator's own defaults).")
    String engineArgs;

    @Option(names = "--ignore-eos", description = "With --pod-engine inference-sim: the clients send ignore_eos, so every response is "
            + "max_tokens long (default: the simulator draws lengths from its histogram over [1, max_tokens]).")
    boolean ignoreEos;

    @Option(names = "--prompt-bytes-per-token", paramLabel = "B", defaultValue = "4", description = "Bytes of prompt text per engine "
            + "token. The router estimates tokens as 4 bytes each, so at 4 it counts what the engine counts; English prose with a real "
            + "tokenizer is nearer 4-5, single-token words nearer their length plus one (default: ${DEFAULT-VALUE}).")
    double promptBytesPerToken;

    /** Whether the command compares several --epp-config (only 'nous simulate' does). */
    boolean severalRoutings;

    /** The routings to simulate: each --epp-config, --routing service, or the router's default. */
    List<RoutingConfig> routings() {
        applyDeployment();
        if (eppConfigs.size() > 1 && !severalRoutings) {
            throw new UserError("this command simulates one router config: give one --epp-config");
        }
        if (!routing.equals("epp") && !routing.equals("service")) {
            throw new UserError("--routing must be epp or service, got '" + routing + "'");
        }
        if (routing.equals("service")) {
            if (!eppConfigs.isEmpty()) {
                throw new UserError("--routing service has no router to configure: drop --epp-config");
            }
            return List.of(RoutingConfig.plainService());
        }
        if (eppConfigs.isEmpty()) {
            return List.of(RoutingConfig.defaults());
        }
        if (noFlowControl) {
            throw new UserError("--epp-config decides flow control with its featureGates: drop --no-flow-control");
        }
        List<RoutingConfig> out = new ArrayList<>();
        for (String c : eppConfigs) {
            ExportedPlugins ep = exportedPlugins.computeIfAbsent(c, ExportedPlugins::of);
            out.add(RoutingConfig.byNameOrFile(c, ep.kinds()));
        }
        return out;
    }

    /** Exported Nous plugins each --epp-config names, by the config's name (its file as given). */
    private final java.util.Map<String, ExportedPlugins> exportedPlugins = new java.util.HashMap<>();

    /** The exported Nous plugins {@code c} names, with their sources (none for a shipped config). */
    ExportedPlugins exportedPlugins(RoutingConfig c) {
        return exportedPlugins.getOrDefault(c.name(), ExportedPlugins.NONE);
    }

    /** {@code s} routed by {@code c}: a given config's gate decides flow control, as in the router. */
    Scenario withRouting(Scenario s, RoutingConfig c) {
        if (!c.service() && eppConfigs.isEmpty()) {
            return s.toBuilder().routing(c).build(); // the router's default: the flags decide flow control
        }
        if (c.utilizationDetector() != null && !s.detector().kind().equals("utilization")) {
            throw new UserError(c.name() + " defines a utilization-detector: drop --detector " + s.detector().kind());
        }
        Scenario routed = c.deploy(s);
        // --ttl, when given, wins over the config's defaultRequestTTL
        return ttl == null || c.service() ? routed
                : routed.toBuilder().flowControlConfig(routed.flowControlConfig().withTtlUs(s.flowControlConfig().ttlUs())).build();
    }

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

    /**
     * The arrivals without the trace rows the model cannot hold (prompt plus output past its context):
     * refused by line under {@code --bad-rows fail}, skipped and listed under {@code skip}.
     */
    private static ArrivalOptions.Resolved withinContext(ArrivalOptions.Resolved a, CostProfile p) {
        if (a.replay() == null) {
            return a;
        }
        TraceReplay fit;
        try {
            fit = a.replay().withinContext(p.modelSpec().maxModelLen(), a.badRows());
        } catch (io.nous.sim.workload.trace.TraceException | WorkloadException e) {
            throw new UserError(e.getMessage() + " (profile " + p.name() + ")");
        }
        if (fit == a.replay()) {
            return a;
        }
        return new ArrivalOptions.Resolved(fit.workload(), fit.qps(), a.seed(), fit.durationSeconds(), a.warmup(), fit,
                fit.trace().skippedRows(), a.badRows());
    }

    /** The in-flight eviction the flags ask for; tuning it without turning it on is refused. */
    EvictionConfig evictionConfig() {
        if (!eviction && (evictionGraceMs != null || evictionMaxPerDecision != null)) {
            throw new UserError("--eviction-grace and --eviction-max-per-decision tune in-flight eviction; add --eviction to turn it on");
        }
        EvictionConfig e = EvictionConfig.OFF.withEnabled(eviction);
        if (evictionGraceMs != null) {
            if (!(evictionGraceMs >= 0) || Double.isInfinite(evictionGraceMs)) {
                throw new UserError("--eviction-grace must be a number of milliseconds >= 0, got " + evictionGraceMs);
            }
            e = e.withConfirmationGraceUs(Math.round(evictionGraceMs * 1000));
        }
        if (evictionMaxPerDecision != null) {
            if (evictionMaxPerDecision < 1) {
                throw new UserError("--eviction-max-per-decision must be at least 1, got " + evictionMaxPerDecision);
            }
            e = e.withMaxRevocationsPerDecision(evictionMaxPerDecision);
        }
        return e;
    }

    /** What the last {@link #toScenario} bounded, one line each, for the command to print as warnings. */
    final List<String> notes = new ArrayList<>();

    /** The most pods one simulation takes. */
    static final int MAX_PODS = 4096;

    /** Validates the options and builds the scenario they describe with these arrivals. */
    Scenario toScenario(ArrivalOptions.Resolved a) {
        applyDeployment();
        a = withinContext(a, profile(profile));
        if (pods != null && pods < 1) {
            throw new UserError("--pods must be at least 1, got " + pods);
        }
        if (pods != null && pods > MAX_PODS) {
            throw new UserError("--pods " + pods + " is more than the " + MAX_PODS + " pods Nous simulates (one event loop holds every pod)");
        }
        if (pods != null) {
            // checked before anything is built: a config whose prefix index tracks 64 endpoints cannot route among more
            for (RoutingConfig c : routings()) {
                if (pods > c.maxEndpoints()) {
                    throw new UserError("--pods " + pods + ": the router config " + c.name() + " reads the approximate prefix index, which "
                            + "tracks at most " + c.maxEndpoints() + " endpoints; use fewer pods, or a config without prefix-cache plugins "
                            + "(e.g. --routing service)");
                }
            }
        }
        if (maxNumSeqs < 1 || maxNumBatchedTokens < 1 || maxNumSeqs > maxNumBatchedTokens) {
            throw new UserError("--max-num-seqs and --max-num-batched-tokens must be >= 1, with max-num-seqs <= max-num-batched-tokens");
        }
        if (ttl != null && (!(ttl >= 0) || Double.isInfinite(ttl))) {
            throw new UserError("--ttl must be >= 0 seconds, got " + ttl);
        }
        if (ttl != null && ttl > io.nous.sim.config.GoDuration.MAX_SECONDS) {
            throw new UserError("--ttl " + ttl + " s is past Go's duration range (at most " + io.nous.sim.config.GoDuration.MAX_SECONDS
                    + " s, about 292 years), which the router refuses; give 0 for no TTL");
        }
        if (!(scrapeLatencyMs >= 0) || Double.isInfinite(scrapeLatencyMs) || !(scrapeLatencyPerRequestMs >= 0)
                || Double.isInfinite(scrapeLatencyPerRequestMs)) {
            throw new UserError("--scrape-latency and --scrape-latency-per-request must be >= 0 ms");
        }
        if (!(scrapeIntervalMs >= 0.001) || Double.isInfinite(scrapeIntervalMs)) {
            throw new UserError("--scrape-interval must be at least 0.001 ms, got " + scrapeIntervalMs);
        }
        Workload w = a.workload();
        if (clientTimeout != null) {
            if (!(clientTimeout > 0) || Double.isInfinite(clientTimeout)) {
                throw new UserError("--client-timeout must be a positive number of seconds, got " + clientTimeout);
            }
            w = w.withTimeoutUs(Math.round(clientTimeout * 1e6));
        }
        if (prefixShare != null || systemPrompt != null) {
            try {
                w = w.withPrefix(new SharedPrefix(systemPrompt, prefixShare, null));
            } catch (WorkloadException e) {
                throw new UserError("--prefix-share / --system-prompt: " + e.getMessage().replace("prefix.", ""));
            }
        }
        CostProfile p = profile(profile);
        notes.clear();
        if (p.kvBlocks() > PodConfig.MAX_KV_BLOCKS) {
            notes.add(String.format(java.util.Locale.ROOT, "profile %s: kv_blocks %,d is past any GPU's memory; simulated as %,d blocks "
                    + "(%,d tokens), the most one pod holds", p.name(), p.kvBlocks(), PodConfig.MAX_KV_BLOCKS, (long) PodConfig.MAX_KV_BLOCKS * p.blockSize()));
            p = p.withKvBlocks(PodConfig.MAX_KV_BLOCKS, p.name());
        }
        FlowControlConfig fc;
        MetricsConfig metrics;
        try {
            fc = RouterRelease.byName(routerVersion).applyTo(FlowControlConfig.DEFAULTS).withFairness(Fairness.byId(fairness))
                    .withOrdering(Ordering.byId(ordering)).withFailOnContractViolation(!recordViolations);
            if (ttl != null) {
                fc = fc.withTtlUs(Math.round(ttl * 1e6));
            }
            fc = fc.withEviction(evictionConfig());
            metrics = MetricsConfig.DEFAULTS.withTiming(MetricsConfig.Timing.byId(metricTiming))
                    .withScrapeIntervalUs(Math.round(scrapeIntervalMs * 1000))
                    .withScrapeLatency(Math.round(scrapeLatencyMs * 1000), scrapeLatencyPerRequestMs * 1000);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        if (detectorPolicy() != null && !CandidateFiles.isSourceReference(detector)) {
            String name = detector.contains(":") ? detector.substring(0, detector.indexOf(':')) : detector;
            var templates = PolicyRegistry.builtin().templates();
            List<String> known = new ArrayList<>(List.of("utilization", "concurrency"));
            templates.values().stream().filter(t -> t.kind() == PlugPoint.SATURATION).forEach(t -> known.add(t.name()));
            boolean isDetector = templates.values().stream().anyMatch(t -> t.kind() == PlugPoint.SATURATION
                    && (t.name().equals(name) || t.aliases().contains(name)));
            if (!isDetector) {
                throw new UserError("unknown detector '" + detector + "'; known: " + String.join(", ", known) + ", or a .java SaturationDetector");
            }
        }
        if (detectorPolicy() != null && !acceptsDetectorPolicy) {
            throw new UserError("--detector " + detector + ": this command runs the built-in detectors, utilization or concurrency; "
                    + "'nous simulate' runs a detector policy");
        }
        if (detectorPolicy() != null && inflightCredit) {
            throw new UserError("--inflight-credit corrects the built-in utilization detector; a detector policy has its own "
                    + "(utilization-detector:inflightCredit=true)");
        }
        DetectorConfig d;
        try {
            d = DetectorConfig.byName(detectorPolicy() == null ? detector : "utilization").withInflightCredit(inflightCredit)
                    .withFilter(detectorFilter);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        if (!(promptBytesPerToken > 0) || Double.isInfinite(promptBytesPerToken)) {
            throw new UserError("--prompt-bytes-per-token must be a positive number, got " + promptBytesPerToken);
        }
        InferenceSimConfig engine = switch (podEngine) {
            case "vllm" -> {
                if (ignoreEos) {
                    throw new UserError("--ignore-eos applies to --pod-engine inference-sim; the vLLM model always generates the workload's lengths");
                }
                if (engineArgs != null) {
                    throw new UserError("--engine-args configures --pod-engine inference-sim; the vLLM model takes --max-num-seqs and friends");
                }
                yield null;
            }
            case "inference-sim" -> {
                InferenceSimConfig c = (engineArgs == null ? InferenceSimConfig.DEFAULTS : InferenceSimConfig.byNameOrFile(engineArgs))
                        .withIgnoreEos(ignoreEos);
                if (c.kvCacheSize() > PodConfig.MAX_KV_BLOCKS) {
                    notes.add(String.format(java.util.Locale.ROOT, "--engine-args: kv-cache-size %,d blocks is past any GPU's memory; "
                            + "simulated as %,d, the most one pod holds", c.kvCacheSize(), PodConfig.MAX_KV_BLOCKS));
                    c = c.withKvCacheSize(PodConfig.MAX_KV_BLOCKS);
                }
                yield c;
            }
            default -> throw new UserError("--pod-engine must be vllm or inference-sim, got '" + podEngine + "'");
        };
        Scenario.Builder b = Scenario.builder(w).qps(a.rate()).seed(a.seed()).durationSeconds(a.seconds()).profile(p).trace(a.replay())
                .inferenceSim(engine).promptBytesPerToken(promptBytesPerToken)
                .podConfig(new PodConfig(maxNumBatchedTokens, maxNumSeqs, p.kvBlocks(), p.blockSize(), !noPrefixCaching))
                .detector(d).flowControlConfig(fc).flowControl(!noFlowControl)
                .metrics(metrics);
        if (a.warmup() != null) {
            b.warmupSeconds(a.warmup());
        }
        if (pods != null) {
            b.pods(pods);
        }
        b.disaggregation(disaggregation(pods != null ? pods : w.pods(), engine != null));
        return withRouting(b.build(), routings().get(0));
    }

    /** Whether the pool has prefill pods and every router config asks a P/D decider (the plug point would be called). */
    boolean runsPdDecider() {
        applyDeployment();
        return prefillPods != null && routings().stream().allMatch(RoutingConfig::runsPdDecider);
    }

    /** --deployment: its pods, prefill pods and router config, which the flags it sets must not also give. */
    private void applyDeployment() {
        if (deployment == null || deploymentApplied) {
            return;
        }
        Deployment d;
        try {
            d = Deployment.byName(deployment);
        } catch (IllegalArgumentException e) {
            throw new UserError("--deployment: " + e.getMessage());
        }
        if (pods != null || prefillPods != null) {
            throw new UserError("--deployment " + d.name() + " sets the pods (" + d.pods() + ", " + d.prefillPods()
                    + " prefilling): drop --pods and --prefill-pods");
        }
        pods = d.pods();
        prefillPods = d.prefillPods() == 0 ? null : d.prefillPods();
        if (eppConfigs.isEmpty() && routing.equals("epp")) {
            eppConfigs.add(d.eppConfig());
        }
        deploymentApplied = true;
    }

    private boolean deploymentApplied;

    /** The pool's prefill/decode split the flags ask for, or null: every pod unlabelled. */
    private Disaggregation disaggregation(int poolPods, boolean inferenceSim) {
        if (prefillPods == null) {
            if (kvLink != null) {
                throw new UserError("--kv-link is the link between prefill and decode pods: add --prefill-pods N (or --deployment pd-2p2d)");
            }
            return null;
        }
        if (prefillPods < 1 || prefillPods >= poolPods) {
            throw new UserError("--prefill-pods must leave at least one decode pod: 1 <= N < " + poolPods + " (the pods), got " + prefillPods);
        }
        if (inferenceSim) {
            throw new UserError("--prefill-pods runs the vLLM model; llm-d-inference-sim pods (--pod-engine inference-sim) are not disaggregated");
        }
        KvTransfer link;
        try {
            link = kvLink == null ? KvTransfer.RDMA : KvTransfer.parse(kvLink);
        } catch (IllegalArgumentException e) {
            throw new UserError("--kv-link: " + e.getMessage());
        }
        return new Disaggregation(prefillPods, link);
    }
}
