package io.nous.policy;

import io.nous.policy.templates.ActiveRequestRouting;
import io.nous.policy.templates.ConcurrencyDetectorPolicy;
import io.nous.policy.templates.EdfOrdering;
import io.nous.policy.templates.FcfsOrdering;
import io.nous.policy.templates.AlwaysDisaggDecider;
import io.nous.policy.templates.FixedPoolScaling;
import io.nous.policy.templates.GlobalStrictFairness;
import io.nous.policy.templates.HpaUtilizationScaling;
import io.nous.policy.templates.LMetricRouting;
import io.nous.policy.templates.LabAffinityActiveRequestRouting;
import io.nous.policy.templates.LabAffinityTokenLoadRouting;
import io.nous.policy.templates.LeaseDetectorPolicy;
import io.nous.policy.templates.LegacyThresholdAdmitter;
import io.nous.policy.templates.LightLocalDecider;
import io.nous.policy.templates.PriorityHoldbackPolicy;
import io.nous.policy.templates.PriorityThenTimeEviction;
import io.nous.policy.templates.ProbabilisticAdmitter;
import io.nous.policy.templates.RoundRobinFairness;
import io.nous.policy.templates.PrefixBasedDecider;
import io.nous.policy.templates.SaturationAnalyzerScaling;
import io.nous.policy.templates.SaturationTargetScaling;
import io.nous.policy.templates.ThresholdDecider;
import io.nous.policy.templates.ThresholdScaling;
import io.nous.policy.templates.SloDeadlineOrdering;
import io.nous.policy.templates.SoftReflectiveCeilingPolicy;
import io.nous.policy.templates.StaticUsageLimitPolicy;
import io.nous.policy.templates.TokenLoadRouting;
import io.nous.policy.templates.UtilizationDetectorPolicy;
import io.nous.policy.templates.WeightedDeadlineOrdering;
import io.nous.policy.templates.WeightedEviction;
import io.nous.policy.templates.WeightedFairness;
import io.nous.sim.spi.AdmissionPolicy;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.RoutingScorer;
import io.nous.sim.spi.UsageLimitPolicy;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The registry of known policies by name. A reference is {@code name} or
 * {@code name:key=value,...}; names are the Nous names ({@code soft-reflective-ceiling}) or the
 * router plugin types ({@code soft-reflective-ceiling-policy}). Every {@code create} returns a fresh
 * instance, because a policy may keep a dispatch counter.
 */
public final class PolicyRegistry {
    /** The baseline usage-limit policy. */
    public static final String BASELINE = "static-usage-limit";

    private static final PolicyRegistry BUILTIN = new PolicyRegistry();

    private final Map<String, PolicyTemplate> byName = new LinkedHashMap<>();
    private final Map<String, PolicyTemplate> byAlias = new LinkedHashMap<>();

    private PolicyRegistry() {
        register(new PolicyTemplate("static-usage-limit", "static-usage-limit-policy", PlugPoint.USAGE_LIMIT,
                "One ceiling for every band (threshold, default 1.0): the baseline.",
                Set.of("threshold"), StaticUsageLimitPolicy.class, p -> {
                    double t = p.getDouble("threshold", 1.0);
                    if (!(t >= 0 && t <= 1)) {
                        throw new PolicyReferenceException("static-usage-limit: threshold must be in [0, 1], got " + t);
                    }
                    return List.of(t);
                }));
        register(new PolicyTemplate("priority-holdback", "priority-holdback-policy", PlugPoint.USAGE_LIMIT,
                "Static ceilings from maxCeiling (default 1.0) down to minCeiling (required, [0,1)) by rank or value.",
                Set.of("minCeiling", "maxCeiling", "domain"), PriorityHoldbackPolicy.class, p -> {
                    double min = p.requireDouble("minCeiling");
                    double max = p.getDouble("maxCeiling", 1.0);
                    String domain = p.getString("domain", "rank");
                    if (!(min >= 0 && min < 1)) {
                        throw new PolicyReferenceException("priority-holdback: minCeiling must be in [0, 1), got " + min);
                    }
                    if (!(max > 0 && max <= 1) || !(max > min)) {
                        throw new PolicyReferenceException("priority-holdback: maxCeiling must be in (0, 1] and greater than minCeiling, got " + max);
                    }
                    if (!domain.equals("rank") && !domain.equals("value")) {
                        throw new PolicyReferenceException("priority-holdback: domain must be 'rank' or 'value', got '" + domain + "'");
                    }
                    return List.of(min, max, domain.equals("value"));
                }));
        register(new PolicyTemplate("soft-reflective-ceiling", "soft-reflective-ceiling-policy", PlugPoint.USAGE_LIMIT,
                "Band i closes above s = 1 - i*s/(N-1) and reopens on every round(s/(1-s))-th cycle; no parameters.",
                Set.of(), SoftReflectiveCeilingPolicy.class, p -> List.of()));
        register(new PolicyTemplate("probabilistic-admitter", "probabilistic-admitter", PlugPoint.ADMISSION,
                "Rejects sheddable requests with probability min(s^power * k, 1) (power 5, k 300).",
                Set.of("power", "k"), ProbabilisticAdmitter.class, p -> {
                    double power = p.getDouble("power", 5.0);
                    double k = p.getDouble("k", 300.0);
                    if (!(power > 0) || !(k > 0)) {
                        throw new PolicyReferenceException("probabilistic-admitter: power and k must be > 0");
                    }
                    return List.of(power, k);
                }));
        register(new PolicyTemplate("token-load", "token-load-scorer", PlugPoint.ROUTING,
                "Scores 1 - min(load, queueThresholdTokens)/queueThresholdTokens, load = tokens in flight + this request's uncached "
                        + "tokens (queueThresholdTokens 4,194,304): the router's token-load-scorer.",
                Set.of("queueThresholdTokens"), TokenLoadRouting.class, p -> {
                    long t = (long) p.getDouble("queueThresholdTokens", 4_194_304);
                    if (t <= 0) {
                        throw new PolicyReferenceException("token-load: queueThresholdTokens must be > 0, got " + t);
                    }
                    return List.of(t);
                }));
        register(new PolicyTemplate("active-request", "active-request-scorer", PlugPoint.ROUTING,
                "Idle endpoints (at most idleThreshold in flight, default 0) score 1, others (max - count)/max * maxBusyScore "
                        + "(default 1): the router's active-request-scorer.",
                Set.of("idleThreshold", "maxBusyScore"), ActiveRequestRouting.class, p -> {
                    long idle = (long) p.getDouble("idleThreshold", 0);
                    double busy = p.getDouble("maxBusyScore", 1.0);
                    if (idle < 0 || !(busy >= 0 && busy <= 1)) {
                        throw new PolicyReferenceException("active-request: idleThreshold must be >= 0 and maxBusyScore in [0, 1]");
                    }
                    return List.of(idle, busy);
                }));
        register(new PolicyTemplate("lmetric", "lmetric-scorer", PlugPoint.ROUTING,
                "Scores 1 / (1 + uncached tokens x (requests in flight + 1)): the parameter-free LMetric scorer (OSDI'26), proposed to "
                        + "the router in PR #2351 (open); the cheapest endpoint scores highest, as there.",
                Set.of(), LMetricRouting.class, p -> List.of()));
        register(new PolicyTemplate("lab-affinity-token-load", "lab-affinity-token-load-scorer", PlugPoint.ROUTING,
                "The lab's default profile as one scorer: endpoints holding 0.8 of the prompt are sticky and outweigh load 2:1, "
                        + "token-load decides the rest; no parameters (the routing search's seed).",
                Set.of(), LabAffinityTokenLoadRouting.class, p -> List.of()));
        register(new PolicyTemplate("lab-affinity-active-request", "lab-affinity-active-request-scorer", PlugPoint.ROUTING,
                "The lab's decode profile as one scorer: sticky at 0.8 of the prompt while under 4,838 uncached tokens in flight, "
                        + "outweighing load 2:1, active-request decides the rest; no parameters (the routing search's seed).",
                Set.of(), LabAffinityActiveRequestRouting.class, p -> List.of()));
        register(new PolicyTemplate("utilization-detector", "utilization-detector", PlugPoint.SATURATION,
                "Mean over endpoints of max(waiting/queueDepthThreshold, kvUsage/kvCacheUtilThreshold) (5, 0.8), stale metrics (over "
                        + "stalenessUs, 200,000) counting 1; inflightCredit adds dispatched requests the scrape cannot show (PR #2066): the "
                        + "router's default detector.",
                Set.of("queueDepthThreshold", "kvCacheUtilThreshold", "stalenessUs", "inflightCredit"), UtilizationDetectorPolicy.class, p -> {
                    long q = (long) p.getDouble("queueDepthThreshold", 5);
                    double kv = p.getDouble("kvCacheUtilThreshold", 0.8);
                    long stale = (long) p.getDouble("stalenessUs", 200_000);
                    String credit = p.getString("inflightCredit", "false");
                    if (q <= 0 || q > Integer.MAX_VALUE || !(kv > 0 && kv <= 1) || stale <= 0) {
                        throw new PolicyReferenceException("utilization-detector: queueDepthThreshold must be > 0, kvCacheUtilThreshold in "
                                + "(0, 1] and stalenessUs > 0");
                    }
                    if (!credit.equals("true") && !credit.equals("false")) {
                        throw new PolicyReferenceException("utilization-detector: inflightCredit must be true or false, got '" + credit + "'");
                    }
                    return List.of((int) q, kv, stale, Boolean.parseBoolean(credit));
                }));
        register(new PolicyTemplate("concurrency-detector", "concurrency-detector", PlugPoint.SATURATION,
                "The in-flight load producer's counts over capacity, without scrape lag: requests over endpoints x maxConcurrency "
                        + "(100; concurrencyMode=requests, the default), tokens over endpoints x maxTokenConcurrency (1,000,000; tokens), "
                        + "or per endpoint the larger ratio, averaged (hybrid): the router's concurrency-detector.",
                Set.of("maxConcurrency", "maxTokenConcurrency", "concurrencyMode"), ConcurrencyDetectorPolicy.class, p -> {
                    long max = (long) p.getDouble("maxConcurrency", 100);
                    long maxTokens = (long) p.getDouble("maxTokenConcurrency", 1_000_000);
                    String mode = p.getString("concurrencyMode", "requests");
                    if (max <= 0 || maxTokens <= 0) {
                        throw new PolicyReferenceException("concurrency-detector: maxConcurrency and maxTokenConcurrency must be > 0");
                    }
                    int code = switch (mode) {
                        case "requests" -> 0;
                        case "tokens" -> 1;
                        case "hybrid" -> 2;
                        default -> throw new PolicyReferenceException("concurrency-detector: concurrencyMode must be requests, tokens or hybrid, got '"
                                + mode + "'");
                    };
                    return List.of(max, maxTokens, code);
                }));
        register(new PolicyTemplate("lease-detector", "lease-detector", PlugPoint.SATURATION,
                "A proposal (llm-d-router #2061's capacity ledger), not upstream: per endpoint the largest of leased-but-unseen queue "
                        + "over queueDepth (5), leased prefill tokens over prefillTokens (16,384) and KV over kvThreshold (0.8); the mean.",
                Set.of("queueDepth", "prefillTokens", "kvThreshold", "stalenessUs"), LeaseDetectorPolicy.class, p -> {
                    double q = p.getDouble("queueDepth", 5.0);
                    double tokens = p.getDouble("prefillTokens", 16384.0);
                    double kv = p.getDouble("kvThreshold", 0.8);
                    long stale = (long) p.getDouble("stalenessUs", 200_000);
                    if (!(q > 0) || !(tokens > 0) || !(kv > 0 && kv <= 1) || stale <= 0) {
                        throw new PolicyReferenceException("lease-detector: queueDepth and prefillTokens must be > 0, kvThreshold in (0, 1], "
                                + "stalenessUs > 0");
                    }
                    return List.of(q, tokens, kv, stale);
                }));
        register(new PolicyTemplate("fcfs", "fcfs-ordering-policy", PlugPoint.ORDERING,
                "First come, first served: the request enqueued first dispatches first; the router's default ordering.",
                Set.of(), FcfsOrdering.class, p -> List.of()));
        register(new PolicyTemplate("edf", "edf-ordering-policy", PlugPoint.ORDERING,
                "Earliest deadline first, the deadline being enqueue time + effective TTL; ties first come, first served.",
                Set.of(), EdfOrdering.class, p -> List.of()));
        register(new PolicyTemplate("slo-deadline", "slo-deadline-ordering-policy", PlugPoint.ORDERING,
                "Earliest SLO deadline first, the deadline being arrival + the x-llm-d-slo-ttft-ms header (none: last); ties first "
                        + "come, first served.",
                Set.of(), SloDeadlineOrdering.class, p -> List.of()));
        register(new PolicyTemplate("global-strict", "global-strict-fairness-policy", PlugPoint.FAIRNESS,
                "The flow whose next request the band's ordering would dispatch first, as one queue: the router's default fairness.",
                Set.of(), GlobalStrictFairness.class, p -> List.of()));
        register(new PolicyTemplate("round-robin", "round-robin-fairness-policy", PlugPoint.FAIRNESS,
                "Each flow that holds requests takes a turn in flow order.",
                Set.of(), RoundRobinFairness.class, p -> List.of()));
        register(new PolicyTemplate("priority-then-time", "priority-then-time-eviction-order-policy", PlugPoint.EVICTION,
                "Only sheddable requests may be evicted (sheddable-eviction-filter); the lowest priority goes first, then the newest "
                        + "dispatch: the router's eviction pair.",
                Set.of(), PriorityThenTimeEviction.class, p -> List.of()));
        register(new PolicyTemplate("weighted-eviction", "weighted-eviction", PlugPoint.EVICTION,
                "Sheddable requests only, lowest priority first, then the highest score: dispatch time x recencyPermille/1000 (1,000; "
                        + "-1,000 the oldest first) + usPerKiB (0) per KiB of payload: the eviction search's seed, not a router policy.",
                Set.of("recencyPermille", "usPerKiB"), WeightedEviction.class, p -> {
                    long recency = (long) p.getDouble("recencyPermille", 1000);
                    long perKiB = (long) p.getDouble("usPerKiB", 0);
                    if (recency < -1000 || recency > 1000 || perKiB < 0 || perKiB > 1_000_000_000L) {
                        throw new PolicyReferenceException("weighted-eviction: recencyPermille must be in [-1000, 1000], usPerKiB in [0, 1e9]");
                    }
                    return List.of(recency, perKiB);
                }));
        register(new PolicyTemplate("weighted-fair", "weighted-fair", PlugPoint.FAIRNESS,
                "The flow with the lowest score: its head's rank under the ordering, + queuePermille (0) thousandths of a rank per "
                        + "request it holds, + repeatPenalty (0) thousandths if it was served last: the fairness search's seed, not a router "
                        + "policy.",
                Set.of("queuePermille", "repeatPenalty"), WeightedFairness.class, p -> {
                    long perQueued = (long) p.getDouble("queuePermille", 0);
                    long repeat = (long) p.getDouble("repeatPenalty", 0);
                    if (perQueued < -1_000_000 || perQueued > 1_000_000 || repeat < 0 || repeat > 1_000_000_000L) {
                        throw new PolicyReferenceException("weighted-fair: queuePermille must be in [-1e6, 1e6], repeatPenalty in [0, 1e9]");
                    }
                    return List.of(perQueued, repeat);
                }));
        register(new PolicyTemplate("weighted-deadline", "weighted-deadline-ordering", PlugPoint.ORDERING,
                "Earliest deadline first, the deadline being enqueue + the SLO header (else noHeaderMs, 10,000) + usPerKiB (100) per KiB "
                        + "of payload: the ordering search's seed, not a router policy.",
                Set.of("noHeaderMs", "usPerKiB"), WeightedDeadlineOrdering.class, p -> {
                    long noHeader = (long) p.getDouble("noHeaderMs", 10_000);
                    long perKiB = (long) p.getDouble("usPerKiB", 100);
                    if (noHeader < 0 || noHeader > 1_000_000_000L || perKiB < 0 || perKiB > 1_000_000_000L) {
                        throw new PolicyReferenceException("weighted-deadline: noHeaderMs and usPerKiB must be in [0, 1e9]");
                    }
                    return List.of(noHeader, perKiB);
                }));
        register(new PolicyTemplate("hpa-utilization", "hpa-utilization", PlugPoint.SCALING,
                "Kubernetes' HPA replica calculator on the serving pods' mean KV-cache use: ceil(ready x use / target (0.7)), "
                        + "nothing within the 10% tolerance.",
                Set.of("target"), HpaUtilizationScaling.class, p -> {
                    double t = p.getDouble("target", 0.7);
                    if (!(t > 0 && t <= 1)) {
                        throw new PolicyReferenceException("hpa-utilization: target must be in (0, 1], got " + t);
                    }
                    return List.of(t);
                }));
        register(new PolicyTemplate("saturation-analyzer", "wva-saturation-analyzer", PlugPoint.SCALING,
                "llm-d workload-variant-autoscaler's saturation analyzer (v0.7.0 defaults): one pod more when spare KV < 0.1 or spare "
                        + "queue < 3 at 80% KV / 5 waiting, one fewer when one fewer would keep both spares.",
                Set.of(), SaturationAnalyzerScaling.class, p -> List.of()));
        register(new PolicyTemplate("threshold-scaling", "threshold-scaling", PlugPoint.SCALING,
                "One pod more (upStep, 1) when waiting requests exceed upQueuePerPod (8) per ready pod, one fewer when nothing waits and "
                        + "KV use is below downKvPermille/1000 (300): the autoscaling search's seed, not an upstream rule.",
                Set.of("upQueuePerPod", "downKvPermille", "upStep"), ThresholdScaling.class, p -> {
                    long up = (long) p.getDouble("upQueuePerPod", 8);
                    long down = (long) p.getDouble("downKvPermille", 300);
                    long step = (long) p.getDouble("upStep", 1);
                    if (up < 0 || up > 1_000_000 || down < 0 || down > 1000 || step < 1 || step > 64) {
                        throw new PolicyReferenceException("threshold-scaling: upQueuePerPod must be in [0, 1e6], downKvPermille in [0, 1000], "
                                + "upStep in [1, 64]");
                    }
                    return List.of(up, down, step);
                }));
        register(new PolicyTemplate("saturation-target", "saturation-target-scaling", PlugPoint.SCALING,
                "The HPA's rule on the router's saturation: ceil(ready x saturation / targetPermille/1000 (700)) pods, starting ones "
                        + "counted, up by at most maxStep (4) a decision, down by one: the autoscaling search's seed, not an upstream rule.",
                Set.of("targetPermille", "maxStep"), SaturationTargetScaling.class, p -> {
                    long target = (long) p.getDouble("targetPermille", 700);
                    long step = (long) p.getDouble("maxStep", 4);
                    if (target < 1 || target > 100_000 || step < 1 || step > 64) {
                        throw new PolicyReferenceException("saturation-target: targetPermille must be in [1, 100000], maxStep in [1, 64]");
                    }
                    return List.of(target, step);
                }));
        register(new PolicyTemplate("fixed-pool", "fixed-pool", PlugPoint.SCALING,
                "Never changes the pool: the fixed pool as a scaling policy.",
                Set.of(), FixedPoolScaling.class, p -> List.of()));
        register(new PolicyTemplate("prefix-based-pd", "prefix-based-pd-decider", PlugPoint.PD_DECIDER,
                "The router's prefix-based P/D decider: prefill remotely when the decode pod would compute at least nonCachedTokens "
                        + "(16, the sample config's; 0: never) of a prompt of at least promptTokens (0: any).",
                Set.of("nonCachedTokens", "promptTokens"), PrefixBasedDecider.class, p -> {
                    long nonCached = (long) p.getDouble("nonCachedTokens", 16);
                    long prompt = (long) p.getDouble("promptTokens", 0);
                    if (nonCached < 0 || prompt < 0 || nonCached > 10_000_000 || prompt > 10_000_000) {
                        throw new PolicyReferenceException("prefix-based-pd: nonCachedTokens and promptTokens must be in [0, 1e7]");
                    }
                    return List.of(nonCached, prompt);
                }));
        register(new PolicyTemplate("always-disagg", "always-disagg-pd-decider", PlugPoint.PD_DECIDER,
                "The router's always-disagg P/D decider: every prompt prefills on a prefill pod.",
                Set.of(), AlwaysDisaggDecider.class, p -> List.of()));
        register(new PolicyTemplate("threshold-pd", "threshold-pd-decider", PlugPoint.PD_DECIDER,
                "Prefill remotely only prompts with at least minUncached (512) tokens the decode pod lacks, and only when it is busy: "
                        + "running at least localBelowRunning (0: always) or queueing: the P/D search's seed, not an upstream rule.",
                Set.of("minUncached", "localBelowRunning"), ThresholdDecider.class, p -> {
                    long min = (long) p.getDouble("minUncached", 512);
                    long local = (long) p.getDouble("localBelowRunning", 0);
                    if (min < 0 || min > 10_000_000 || local < 0 || local > 100_000) {
                        throw new PolicyReferenceException("threshold-pd: minUncached must be in [0, 1e7], localBelowRunning in [0, 1e5]");
                    }
                    return List.of(min, local);
                }));
        register(new PolicyTemplate("light-local-pd", "light-local-pd-decider", PlugPoint.PD_DECIDER,
                "Prefill remotely from minUncached (16) uncached tokens, except that a decode pod queueing nothing and running fewer "
                        + "than localBelowRunning (8) prefills prompts with fewer than maxLocalUncached (512) uncached tokens itself: the P/D "
                        + "search's seed, not an upstream rule.",
                Set.of("minUncached", "localBelowRunning", "maxLocalUncached"), LightLocalDecider.class, p -> {
                    long min = (long) p.getDouble("minUncached", 16);
                    long local = (long) p.getDouble("localBelowRunning", 8);
                    long max = (long) p.getDouble("maxLocalUncached", 512);
                    if (min < 0 || min > 10_000_000 || local < 0 || local > 100_000 || max < 0 || max > 10_000_000) {
                        throw new PolicyReferenceException("light-local-pd: minUncached and maxLocalUncached must be in [0, 1e7], "
                                + "localBelowRunning in [0, 1e5]");
                    }
                    return List.of(min, local, max);
                }));
        register(new PolicyTemplate("legacy-threshold", "legacy-threshold-admitter", PlugPoint.ADMISSION,
                "Refuses sheddable requests once saturation reaches threshold (default 1.0): the legacy rule as an admitter.",
                Set.of("threshold"), LegacyThresholdAdmitter.class, p -> {
                    double t = p.getDouble("threshold", 1.0);
                    if (!(t > 0) || Double.isInfinite(t)) {
                        throw new PolicyReferenceException("legacy-threshold: threshold must be > 0, got " + t);
                    }
                    return List.of(t);
                }));
    }

    public static PolicyRegistry builtin() {
        return BUILTIN;
    }

    private void register(PolicyTemplate t) {
        byName.put(t.name(), t);
        for (String a : t.aliases()) {
            byAlias.put(a, t);
        }
    }

    /** All templates by Nous name, in registration order. */
    public Map<String, PolicyTemplate> templates() {
        return Collections.unmodifiableMap(byName);
    }

    /** The template a reference names; parameters after ':' are ignored here. */
    public PolicyTemplate template(String reference) {
        String name = nameOf(reference);
        PolicyTemplate t = byAlias.get(name);
        if (t == null) {
            throw new PolicyReferenceException("unknown policy '" + name + "'; known: " + String.join(", ", byName.keySet()));
        }
        return t;
    }

    /** A fresh usage-limit policy for a reference such as {@code static-usage-limit:threshold=0.9}. */
    public UsageLimitPolicy usageLimit(String reference) {
        return create(PlugPoint.USAGE_LIMIT, reference);
    }

    /** A fresh admission policy for a reference such as {@code probabilistic-admitter:k=100}. */
    public AdmissionPolicy admission(String reference) {
        return create(PlugPoint.ADMISSION, reference);
    }

    /** A fresh routing scorer for a reference such as {@code token-load:queueThresholdTokens=100000}. */
    public RoutingScorer routing(String reference) {
        return create(PlugPoint.ROUTING, reference);
    }

    /** A fresh policy of this plug point for a reference; refused when the reference names another plug point's policy. */
    public <S> S create(PlugPoint<S> point, String reference) {
        PolicyTemplate t = template(reference);
        if (t.kind() != point) {
            throw new PolicyReferenceException("'" + t.name() + "' is " + t.kind().noun() + ", not " + point.noun());
        }
        return point.cast(instantiate(t, reference));
    }

    private static Object instantiate(PolicyTemplate t, String reference) {
        return t.instantiate(parameters(t, reference));
    }

    /**
     * The Java source of the policy a reference names, with the reference's parameters as its
     * defaults; it behaves exactly like {@code usageLimit(reference)} or {@code admission(reference)}.
     */
    public String source(String reference) {
        PolicyTemplate t = template(reference);
        return t.source(parameters(t, reference));
    }

    private static PolicyParameters parameters(PolicyTemplate t, String reference) {
        int colon = reference.indexOf(':');
        return PolicyParameters.parse(t.name(), colon < 0 ? "" : reference.substring(colon + 1));
    }

    private static String nameOf(String reference) {
        if (reference == null || reference.isBlank()) {
            throw new PolicyReferenceException("a policy name is required");
        }
        int colon = reference.indexOf(':');
        return (colon < 0 ? reference : reference.substring(0, colon)).trim();
    }
}
