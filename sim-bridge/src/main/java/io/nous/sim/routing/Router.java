package io.nous.sim.routing;

import io.nous.sim.engine.RandomStreams;
import io.nous.sim.epp.InFlightLoad;
import io.nous.sim.epp.PodSnapshot;
import io.nous.sim.request.Request;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.Policies;
import io.nous.sim.spi.RoutingScorer;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a {@link RoutingConfig} for one simulation: for each dispatched request the data producers
 * compute their attributes ({@code Produce}), the profile's filters narrow the endpoints, its scorers'
 * clamped scores are weighted and summed, the picker chooses, and the producers learn the choice
 * ({@code PreRequest}). Producers a plugin needs and the config does not list are created with their
 * defaults, as upstream's data-layer DAG does. Plugin state (the prefix index, the random draws) is
 * this router's own.
 */
public final class Router {
    private final List<DataProducer> producers = new ArrayList<>();
    /** The primary profile: the only one, or the decode profile of a {@code disagg-profile-handler}. */
    private final Profile primary;
    /** The disaggregation handler's prefill profile, or null: none can run. */
    private final Profile prefill;
    private final PdDecider decider;
    private final boolean prefillFirst;
    private final SchedulingContext context;
    /** The prefill pod of the last {@link #route}, or -1, and the tokens the in-flight producer charges it. */
    private int prefillPod = -1;
    private long prefillCharge;
    /** The pods it may choose from: every pod unless the pool is autoscaled. */
    private io.nous.sim.epp.ServingPods serving;
    private final RouterPrompt prompt;
    private final InFlightProducer inFlightProducer;

    /**
     * @param promptsShare whether any two prompts of the run share content; when not, the prefix
     *                     producer's match is 0 everywhere and its index is not kept (it could never hit)
     * @param detectorFilter the utilization detector as the first filter (--detector-filter), or null
     */
    public Router(RoutingConfig config, PodSnapshot[] snapshots, InFlightLoad inFlight, int engineBlockSize, int engineBlocks,
                  double promptBytesPerToken, boolean promptsShare, Filter detectorFilter, RandomStreams streams) {
        this(config, snapshots, inFlight, engineBlockSize, engineBlocks, promptBytesPerToken, promptsShare, detectorFilter, streams,
                Policies.none());
    }

    /**
     * A router whose profile scores with the routing scorer in {@code policies}, if it has one: the
     * scorer replaces the config's scorers (weight 1), after the config's filters and before its
     * picker; the producers it reads are created if the config has none.
     */
    public Router(RoutingConfig config, PodSnapshot[] snapshots, InFlightLoad inFlight, int engineBlockSize, int engineBlocks,
                  double promptBytesPerToken, boolean promptsShare, Filter detectorFilter, RandomStreams streams, Policies policies) {
        RoutingScorer candidate = policies.get(PlugPoint.ROUTING);
        String candidateName = policies.name(PlugPoint.ROUTING);
        int pods = snapshots.length;
        this.context = new SchedulingContext(snapshots, inFlight, engineBlockSize, engineBlocks);
        this.serving = io.nous.sim.epp.ServingPods.all(pods);
        this.prompt = new RouterPrompt(promptBytesPerToken);
        boolean needsPrefix = false;
        boolean needsInFlight = false;
        ApproxPrefixProducer prefix = null;
        InFlightProducer inflight = null;
        for (PluginDef d : config.plugins()) {
            switch (d.type()) {
                case "approx-prefix-cache-producer" -> prefix = new ApproxPrefixProducer((ApproxPrefixProducer.Config) d.params(),
                        prompt, pods);
                case "inflight-load-producer" -> inflight = new InFlightProducer((InFlightProducer.Config) d.params());
                case "prefix-cache-affinity-filter", "prefix-cache-scorer" -> needsPrefix = true;
                case "token-load-scorer" -> needsInFlight = true;
                default -> { }
            }
        }
        if (candidate != null) {
            needsPrefix = true;
            needsInFlight = true;
        }
        io.nous.sim.spi.DisaggregationDecider deciderPolicy = policies.get(PlugPoint.PD_DECIDER);
        boolean disaggregates = config.disaggregates() || deciderPolicy != null && config.runsPdDecider();
        if (disaggregates) {
            needsPrefix = true; // the disagg handler consumes PrefixCacheMatchInfo for its decider
        }
        if (prefix == null && needsPrefix) {
            prefix = new ApproxPrefixProducer(ApproxPrefixProducer.Config.DEFAULTS, prompt, pods);
        }
        if (inflight == null && needsInFlight) {
            inflight = new InFlightProducer(InFlightProducer.Config.DEFAULTS);
        }
        if (prefix != null) {
            producers.add(promptsShare ? prefix : new NoSharingPrefixProducer(prefix));
        }
        if (inflight != null) {
            producers.add(inflight);
            inFlight.holdTokensToEnd(inflight.config().addEstimatedOutputTokens());
        }
        this.inFlightProducer = inflight;

        List<Filter> fs = new ArrayList<>();
        if (detectorFilter != null) {
            fs.add(detectorFilter);
        }
        for (String f : config.filters()) {
            fs.add(filter(config.plugin(f), streams, pods));
        }
        Scorer[] scorers = new Scorer[candidate != null ? 1 : config.scorers().size()];
        double[] weights = new double[scorers.length];
        if (candidate != null) {
            scorers[0] = new CandidateScorer(candidate, candidateName);
            weights[0] = 1.0;
        }
        for (int i = 0; candidate == null && i < scorers.length; i++) {
            RoutingConfig.WeightedRef ref = config.scorers().get(i);
            scorers[i] = scorer(config.plugin(ref.plugin()));
            weights[i] = ref.weight();
        }
        // the tie-break stream keeps its name from before routing configs, so default runs replay bit for bit
        this.primary = new Profile(fs.toArray(new Filter[0]), scorers, weights, picker(config, config.picker(), streams, "pod-tie-break", pods),
                pods);
        if (disaggregates) {
            ProfileSpec p = config.disagg().prefill();
            List<Filter> pf = new ArrayList<>();
            for (String f : p.filters()) {
                pf.add(filter(config.plugin(f), streams, pods));
            }
            Scorer[] ps = new Scorer[p.scorers().size()];
            double[] pw = new double[ps.length];
            for (int i = 0; i < ps.length; i++) {
                ps[i] = scorer(config.plugin(p.scorers().get(i).plugin()));
                pw[i] = p.scorers().get(i).weight();
            }
            this.prefill = new Profile(pf.toArray(new Filter[0]), ps, pw, picker(config, p.picker(), streams, "pod-tie-break/prefill", pods),
                    pods);
            this.prefillFirst = config.disagg().prefillFirst();
            this.decider = prefillFirst ? null : deciderPolicy != null ? PdDecider.of(deciderPolicy, policies.name(PlugPoint.PD_DECIDER))
                    : PdDecider.of(config.disagg().decider());
        } else {
            this.prefill = null;
            this.prefillFirst = false;
            this.decider = null;
        }
    }

    private static Picker picker(RoutingConfig config, String name, RandomStreams streams, String stream, int pods) {
        PluginDef pick = name == null ? null : config.plugin(name);
        String pickType = pick == null ? "max-score-picker" : pick.type();
        return switch (pickType) {
            case "random-picker" -> new RandomPicker(streams.stream(stream));
            case "weighted-random-picker" -> new WeightedRandomPicker(streams.stream(stream));
            default -> new MaxScorePicker(streams.stream(stream), pods);
        };
    }

    private static Filter filter(PluginDef d, RandomStreams streams, int pods) {
        return switch (d.type()) {
            case "prefix-cache-affinity-filter" -> new PrefixCacheAffinityFilter((PrefixCacheAffinityFilter.Config) d.params(),
                    streams.stream("affinity-exploration/" + d.name()));
            case "utilization-filter" -> {
                PluginCatalog.UtilizationParams p = (PluginCatalog.UtilizationParams) d.params();
                yield new UtilizationFilter(p.conditions(), p.fallbackOnEmpty());
            }
            case "utilization-detector" -> {
                PluginCatalog.DetectorParams p = (PluginCatalog.DetectorParams) d.params();
                yield new DetectorFilter(p.queueDepthThreshold(), p.kvCacheUtilThreshold(), p.metricsStalenessUs(), p.headroom());
            }
            case "prefill-filter" -> new RoleFilter(true);
            case "decode-filter" -> new RoleFilter(false);
            default -> throw new IllegalStateException("not a filter: " + d.type());
        };
    }

    private static Scorer scorer(PluginDef d) {
        return switch (d.type()) {
            case "queue-scorer" -> new QueueScorer(false);
            case "running-requests-size-scorer" -> new QueueScorer(true);
            case "kv-cache-utilization-scorer" -> new KvCacheUtilizationScorer();
            case "prefix-cache-scorer" -> {
                PluginCatalog.PrefixScorerParams p = (PluginCatalog.PrefixScorerParams) d.params();
                yield new PrefixCacheScorer(p.matchLengthWeight(), p.matchLengthScaleTokens());
            }
            case "token-load-scorer" -> new TokenLoadScorer(((PluginCatalog.TokenLoadScorerParams) d.params()).queueThresholdTokens());
            case "active-request-scorer" -> {
                PluginCatalog.ActiveRequestParams p = (PluginCatalog.ActiveRequestParams) d.params();
                yield new ActiveRequestScorer(p.idleThreshold(), p.maxBusyScore());
            }
            case "load-aware-scorer" -> new LoadAwareScorer(((PluginCatalog.LoadAwareParams) d.params()).threshold());
            default -> throw new IllegalStateException("not a scorer: " + d.type());
        };
    }

    /** The router's endpoint pool (an autoscaled one changes); a fixed pool is every pod. */
    public Router over(io.nous.sim.epp.ServingPods pool) {
        this.serving = pool;
        return this;
    }

    /**
     * Pod roles for the role filters: {@code prefills[p]} marks a prefill pod; the others are decode
     * pods (an unlabelled pool, the default, is all decode to the decode filter and none to the prefill one).
     */
    public Router roles(boolean[] prefills) {
        context.prefillRole = prefills.clone();
        return this;
    }

    /**
     * The endpoint {@code r} goes to at {@code nowUs}, or -1 when the filters left none (upstream
     * answers "no endpoints available"). The in-flight counters are charged with the choice. Under a
     * {@code disagg-profile-handler} it is the decode pod, and {@link #prefillPod} says where the
     * prompt is prefilled first, if anywhere (the caller charges that pod with {@link #prefillCharge}).
     */
    public int route(Request r, long nowUs) {
        SchedulingContext c = context;
        c.reset(r, nowUs, prompt.inputTokens(r));
        for (int i = 0; i < producers.size(); i++) {
            producers.get(i).produce(c);
        }
        prefillPod = -1;
        int pod;
        if (prefillFirst) {
            // prefill-first: the prefill profile runs for every request, then decode (a failed prefill stage is skipped)
            prefillPod = prefill.pick(c, serving);
            pod = primary.pick(c, serving);
        } else {
            pod = primary.pick(c, serving);
            if (pod >= 0 && decider != null && decider.disaggregate(c, pod)) {
                prefillPod = prefill.pick(c, serving);
            }
        }
        if (pod < 0) {
            prefillPod = -1;
            return -1;
        }
        for (int i = 0; i < producers.size(); i++) {
            producers.get(i).preRequest(c, pod);
        }
        if (prefillPod >= 0) {
            // the prefix producer records the prefill pick too (approximateprefix/plugin.go, PreRequest)
            for (int i = 0; i < producers.size(); i++) {
                producers.get(i).preRequest(c, prefillPod);
            }
            prefillCharge = inFlightProducer != null ? c.uncachedTokens[prefillPod] : r.inputTokens;
        }
        long charged = inFlightProducer != null ? c.uncachedTokens[pod] : r.inputTokens;
        c.inFlight.dispatched(r, pod, charged);
        return pod;
    }

    /** The prefill pod the last {@link #route} chose, or -1: the request prefills on its decode pod. */
    public int prefillPod() {
        return prefillPod;
    }

    /** The tokens the in-flight producer charges {@link #prefillPod} with. */
    public long prefillCharge() {
        return prefillCharge;
    }

    /** One scheduling profile as it runs: filters, clamped weighted scores, a picker. */
    private static final class Profile {
        private final Filter[] filters;
        private final Scorer[] scorers;
        private final double[] weights;
        private final Picker picker;
        private final int[] endpoints;
        private final double[] total;
        private final double[] scratch;

        Profile(Filter[] filters, Scorer[] scorers, double[] weights, Picker picker, int pods) {
            this.filters = filters;
            this.scorers = scorers;
            this.weights = weights;
            this.picker = picker;
            this.endpoints = new int[pods];
            this.total = new double[pods];
            this.scratch = new double[pods];
        }

        /** The pod this profile picks among {@code serving}, or -1 when its filters leave none. */
        int pick(SchedulingContext c, io.nous.sim.epp.ServingPods serving) {
            int n = serving.count();
            for (int k = 0; k < n; k++) {
                endpoints[k] = serving.id(k);
            }
            if (n == 0) {
                return -1;
            }
            for (Filter f : filters) {
                n = f.filter(c, endpoints, n);
                if (n == 0) {
                    return -1;
                }
            }
            for (int i = 0; i < n; i++) {
                total[i] = 0;
            }
            for (int s = 0; s < scorers.length; s++) {
                scorers[s].score(c, endpoints, n, scratch);
                double w = weights[s];
                for (int i = 0; i < n; i++) {
                    double v = scratch[i];
                    total[i] += (v < 0 ? 0 : v > 1 ? 1 : v) * w;
                }
            }
            return picker.pick(c, endpoints, n, total);
        }
    }

    /** The scheduling context, for tests of single plugins. */
    SchedulingContext context() {
        return context;
    }

    /**
     * The prefix producer when no two prompts of the run share anything: every endpoint matches
     * nothing, which is what upstream's index answers for prompts it has never seen, without hashing.
     */
    private static final class NoSharingPrefixProducer implements DataProducer {
        private final ApproxPrefixProducer inner;

        NoSharingPrefixProducer(ApproxPrefixProducer inner) {
            this.inner = inner;
        }

        @Override
        public void produce(SchedulingContext c) {
            int blockSize = inner.blockSize(c);
            java.util.Arrays.fill(c.matchBlocks, 0);
            c.prefixInfo = true;
            c.blockSizeTokens = blockSize;
            c.totalBlocks = (int) Math.min((c.inputTokens + blockSize - 1) / blockSize, inner.maxBlocks(blockSize));
        }
    }
}
