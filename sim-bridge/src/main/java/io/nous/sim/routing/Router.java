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
    private final Filter[] filters;
    private final Scorer[] scorers;
    private final double[] weights;
    private final Picker picker;
    private final SchedulingContext context;
    /** The pods it may choose from: every pod unless the pool is autoscaled. */
    private io.nous.sim.epp.ServingPods serving;
    private final RouterPrompt prompt;
    private final InFlightProducer inFlightProducer;
    private final int[] endpoints;
    private final double[] total;
    private final double[] scratch;

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
        this.endpoints = new int[pods];
        this.total = new double[pods];
        this.scratch = new double[pods];
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
        this.filters = fs.toArray(new Filter[0]);
        this.scorers = new Scorer[candidate != null ? 1 : config.scorers().size()];
        this.weights = new double[scorers.length];
        if (candidate != null) {
            scorers[0] = new CandidateScorer(candidate, candidateName);
            weights[0] = 1.0;
        }
        for (int i = 0; candidate == null && i < scorers.length; i++) {
            RoutingConfig.WeightedRef ref = config.scorers().get(i);
            scorers[i] = scorer(config.plugin(ref.plugin()));
            weights[i] = ref.weight();
        }
        PluginDef pick = config.picker() == null ? null : config.plugin(config.picker());
        String pickType = pick == null ? "max-score-picker" : pick.type();
        // the tie-break stream keeps its name from before routing configs, so default runs replay bit for bit
        this.picker = switch (pickType) {
            case "random-picker" -> new RandomPicker(streams.stream("pod-tie-break"));
            case "weighted-random-picker" -> new WeightedRandomPicker(streams.stream("pod-tie-break"));
            default -> new MaxScorePicker(streams.stream("pod-tie-break"), pods);
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
     * The endpoint {@code r} goes to at {@code nowUs}, or -1 when the filters left none (upstream
     * answers "no endpoints available"). The in-flight counters are charged with the choice.
     */
    public int route(Request r, long nowUs) {
        SchedulingContext c = context;
        c.reset(r, nowUs, prompt.inputTokens(r));
        for (int i = 0; i < producers.size(); i++) {
            producers.get(i).produce(c);
        }
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
        int pod = picker.pick(c, endpoints, n, total);
        for (int i = 0; i < producers.size(); i++) {
            producers.get(i).preRequest(c, pod);
        }
        long charged = inFlightProducer != null ? c.uncachedTokens[pod] : r.inputTokens;
        c.inFlight.dispatched(r, pod, charged);
        return pod;
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
