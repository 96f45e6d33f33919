package io.nous.sim.routing;

import io.nous.sim.config.YamlNode;
import io.nous.sim.routing.PluginDef.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;

/**
 * The plugin types Nous simulates, each with its parameters and upstream defaults (llm-d-router
 * v0.10.0; each plugin class cites its file). A type not listed here is refused by name: the
 * simulator does not have its inputs (a latency predictor, LoRA state, labels, headers).
 */
final class PluginCatalog {
    private record Entry(Kind kind, BiFunction<Params, String, Object> read) {
    }

    private static final Map<String, Entry> TYPES = new TreeMap<>();

    static {
        TYPES.put("approx-prefix-cache-producer", new Entry(Kind.PRODUCER, PluginCatalog::approxPrefix));
        TYPES.put("inflight-load-producer", new Entry(Kind.PRODUCER, PluginCatalog::inFlight));
        TYPES.put("token-producer", new Entry(Kind.PRODUCER, PluginCatalog::tokenProducer));
        TYPES.put("prefix-cache-affinity-filter", new Entry(Kind.FILTER, PluginCatalog::affinity));
        TYPES.put("utilization-filter", new Entry(Kind.FILTER, PluginCatalog::utilization));
        TYPES.put("utilization-detector", new Entry(Kind.FILTER, PluginCatalog::detector));
        TYPES.put("token-load-scorer", new Entry(Kind.SCORER, (p, n) -> {
            long threshold = p.integer("queueThresholdTokens", TokenLoadScorer.DEFAULT_QUEUE_THRESHOLD_TOKENS);
            p.text("inFlightLoadProducerName", "");
            return new TokenLoadScorerParams(threshold);
        }));
        TYPES.put("active-request-scorer", new Entry(Kind.SCORER, PluginCatalog::activeRequest));
        TYPES.put("queue-scorer", new Entry(Kind.SCORER, (p, n) -> NoParams.QUEUE));
        TYPES.put("running-requests-size-scorer", new Entry(Kind.SCORER, (p, n) -> NoParams.RUNNING));
        TYPES.put("kv-cache-utilization-scorer", new Entry(Kind.SCORER, (p, n) -> NoParams.KV));
        TYPES.put("load-aware-scorer", new Entry(Kind.SCORER, (p, n) -> new LoadAwareParams(p.integer("threshold", LoadAwareScorer.DEFAULT_THRESHOLD))));
        TYPES.put("prefix-cache-scorer", new Entry(Kind.SCORER, PluginCatalog::prefixScorer));
        TYPES.put("max-score-picker", new Entry(Kind.PICKER, PluginCatalog::picker));
        TYPES.put("random-picker", new Entry(Kind.PICKER, PluginCatalog::picker));
        TYPES.put("weighted-random-picker", new Entry(Kind.PICKER, PluginCatalog::picker));
        TYPES.put("single-profile-handler", new Entry(Kind.PROFILE_HANDLER, (p, n) -> NoParams.HANDLER));
        TYPES.put("disagg-profile-handler", new Entry(Kind.PROFILE_HANDLER, PluginCatalog::disaggHandler));
        TYPES.put("prefill-filter", new Entry(Kind.FILTER, (p, n) -> RoleFilterParams.PREFILL));
        TYPES.put("decode-filter", new Entry(Kind.FILTER, (p, n) -> RoleFilterParams.DECODE));
        TYPES.put("prefix-based-pd-decider", new Entry(Kind.PD_DECIDER, PluginCatalog::prefixDecider));
        TYPES.put("always-disagg-pd-decider", new Entry(Kind.PD_DECIDER, (p, n) -> new DeciderParams(-1, 0)));
        TYPES.put("metrics-data-source", new Entry(Kind.DATA_LAYER, (p, n) -> NoParams.DATA));
        TYPES.put("static-usage-limit-policy", new Entry(Kind.USAGE_LIMIT, PluginCatalog::staticUsageLimit));
        TYPES.put("priority-holdback-policy", new Entry(Kind.USAGE_LIMIT, PluginCatalog::priorityHoldback));
        TYPES.put("soft-reflective-ceiling-policy", new Entry(Kind.USAGE_LIMIT, (p, n) -> new PolicyParams("soft-reflective-ceiling", List.of())));
        TYPES.put("probabilistic-admitter", new Entry(Kind.ADMITTER, PluginCatalog::probabilisticAdmitter));
        TYPES.put("fcfs-ordering-policy", new Entry(Kind.FLOW_CONTROL, (p, n) -> NoParams.FLOW));
        TYPES.put("global-strict-fairness-policy", new Entry(Kind.FLOW_CONTROL, (p, n) -> NoParams.FLOW));
        TYPES.put("core-metrics-extractor", new Entry(Kind.DATA_LAYER, (p, n) -> NoParams.DATA));
    }

    enum NoParams { QUEUE, RUNNING, KV, HANDLER, DATA, FLOW }

    /**
     * The role filters (scheduling/filter/bylabel/roles.go) on the label {@code llm-d.ai/role}: the
     * prefill filter keeps prefill pods (and pods of both roles), the decode filter keeps decode pods
     * and, with {@code allowsNoLabel}, unlabelled ones.
     */
    enum RoleFilterParams { PREFILL, DECODE }

    /**
     * {@code disagg-profile-handler} (scheduling/profilehandler/disagg/disagg_profile_handler.go): the
     * names of its decode and prefill profiles (default {@code decode}, {@code prefill}), the plugin
     * its {@code deciders.prefill} names (null: P/D off), and its stage order.
     */
    record DisaggHandlerParams(String decodeProfile, String prefillProfile, String prefillDecider, boolean prefillFirst) {
    }

    /**
     * A P/D decider: {@code prefix-based-pd-decider} (prefix_based_pd_decider.go) with
     * {@code nonCachedTokens} (0: never disaggregates) and {@code promptTokens} (0: no prompt gate), or
     * {@code always-disagg-pd-decider} ({@code nonCachedTokens} -1: always).
     */
    record DeciderParams(long nonCachedTokens, long promptTokens) {
    }

    private static Object disaggHandler(Params p, String name) {
        String stage = p.text("stageOrder", "");
        YamlNode profiles = p.node("profiles");
        YamlNode deciders = p.node("deciders");
        for (String legacy : List.of("decodeProfile", "prefillProfile", "encodeProfile", "prefillDeciderPluginName",
                "encodeDeciderPluginName", "deciderPluginName")) {
            if (p.node(legacy) != null) {
                throw p.fail(legacy, "'" + legacy + "' is the handler's deprecated flat format; write it as profiles.decode, "
                        + "profiles.prefill and deciders.prefill");
            }
        }
        String decode = "decode";
        String prefill = "prefill";
        String decider = null;
        if (profiles != null) {
            profiles.map("profiles");
            YamlNode d = profiles.get("decode");
            YamlNode pf = profiles.get("prefill");
            YamlNode e = profiles.get("encode");
            profiles.rejectUnknown("profile of the disagg-profile-handler", List.of("decode", "prefill", "encode"));
            if (e != null) {
                throw e.fail("the encode stage (multimodal encoders) is not simulated: prompts are text");
            }
            decode = d == null ? decode : d.text("profiles.decode");
            prefill = pf == null ? prefill : pf.text("profiles.prefill");
        }
        if (deciders != null) {
            deciders.map("deciders");
            YamlNode pf = deciders.get("prefill");
            YamlNode e = deciders.get("encode");
            deciders.rejectUnknown("decider of the disagg-profile-handler", List.of("prefill", "encode"));
            if (e != null) {
                throw e.fail("the encode stage (multimodal encoders) is not simulated: prompts are text");
            }
            decider = pf == null ? null : pf.text("deciders.prefill");
        }
        String order = stage.toLowerCase(java.util.Locale.ROOT).replace("-", "").replace("_", "");
        boolean prefillFirst = switch (order) {
            case "", "decodefirst", "decode" -> false;
            case "prefillfirst", "prefill" -> true;
            default -> throw p.fail("stageOrder", "invalid stage order \"" + stage + "\", must be \"decode-first\" or \"prefill-first\"");
        };
        if (prefillFirst && decider != null) {
            throw p.fail("deciders", "prefill decider is not supported in prefill-first stage order (the router refuses it too)");
        }
        return new DisaggHandlerParams(decode, prefill, decider, prefillFirst);
    }

    private static Object prefixDecider(Params p, String name) {
        long nonCached = p.integer("nonCachedTokens", 0);
        long prompt = p.integer("promptTokens", 0);
        if (nonCached < 0) {
            throw p.fail("nonCachedTokens", "nonCachedTokens parameter of prefix disaggregation decider cannot be negative");
        }
        if (prompt < 0) {
            throw p.fail("promptTokens", "promptTokens parameter of prefix disaggregation decider cannot be negative");
        }
        return new DeciderParams(nonCached, prompt);
    }

    /**
     * A flow-control or admission plugin the router ships, as Nous's policy registry names it: the
     * policy and its parameters as {@code key=value} (only those the config gives).
     */
    record PolicyParams(String policy, List<String> settings) {
        String reference() {
            return settings.isEmpty() ? policy : policy + ":" + String.join(",", settings);
        }
    }

    /** A plugin type the simulator does not ship but the caller supplies (an exported Nous plugin, run from its Java source). */
    record ExternalParams(String type) {
    }

    record TokenLoadScorerParams(long queueThresholdTokens) {
    }

    record ActiveRequestParams(int idleThreshold, double maxBusyScore) {
    }

    record LoadAwareParams(long threshold) {
    }

    record PrefixScorerParams(double matchLengthWeight, long matchLengthScaleTokens) {
    }

    record PickerParams(int maxNumOfEndpoints) {
    }

    /** The utilization detector (flowcontrol/saturationdetector/utilization/config.go), with its defaults. */
    record DetectorParams(int queueDepthThreshold, double kvCacheUtilThreshold, long metricsStalenessUs, double headroom) {
    }

    record UtilizationParams(List<UtilizationFilter.Condition> conditions, boolean fallbackOnEmpty) {
    }

    private PluginCatalog() {
    }

    /** {@code static-usage-limit-policy} (usagelimits/usagelimitpolicy.go): one {@code threshold} for every band, default 1.0. */
    private static Object staticUsageLimit(Params p, String name) {
        List<String> settings = new ArrayList<>();
        if (p.node("threshold") != null) {
            double t = p.number("threshold", 1.0);
            if (!(t >= 0 && t <= 1)) {
                throw p.fail("threshold", "threshold must be in [0, 1], got " + t);
            }
            settings.add("threshold=" + t);
        }
        return new PolicyParams("static-usage-limit", settings);
    }

    /**
     * {@code priority-holdback-policy} (usagelimits/priorityholdback/config.go): {@code minCeiling}
     * required in [0, 1), {@code maxCeiling} in (0, 1] above it (default 1.0), {@code domain} rank or
     * value, {@code shape} linear only.
     */
    private static Object priorityHoldback(Params p, String name) {
        String shape = p.text("shape", "linear");
        if (!shape.equals("linear")) {
            throw p.fail("shape", "shape must be linear (the only shape the router accepts), got '" + shape + "'");
        }
        String domain = p.text("domain", "rank");
        if (!domain.equals("rank") && !domain.equals("value")) {
            throw p.fail("domain", "domain must be rank or value, got '" + domain + "'");
        }
        if (p.node("minCeiling") == null) {
            throw p.fail("minCeiling", "priority-holdback-policy '" + name + "' needs minCeiling (the router has no default for it)");
        }
        double min = p.number("minCeiling", 0);
        double max = p.number("maxCeiling", 1.0);
        if (!(min >= 0 && min < 1)) {
            throw p.fail("minCeiling", "minCeiling must be in [0, 1), got " + min);
        }
        if (!(max > 0 && max <= 1) || !(max > min)) {
            throw p.fail("maxCeiling", "maxCeiling must be in (0, 1] and above minCeiling (" + min + "), got " + max);
        }
        List<String> settings = new ArrayList<>(List.of("minCeiling=" + min));
        if (p.node("maxCeiling") != null) {
            settings.add("maxCeiling=" + max);
        }
        if (!domain.equals("rank")) {
            settings.add("domain=" + domain);
        }
        return new PolicyParams("priority-holdback", settings);
    }

    /**
     * {@code probabilistic-admitter} (requestcontrol/admitter/probabilisticadmitter/plugin.go): {@code power}
     * 5 and {@code k} 300, each > 0. Its own utilization thresholds are the detector's defaults (5, 0.8)
     * in the simulator, so other values are refused rather than ignored.
     */
    private static Object probabilisticAdmitter(Params p, String name) {
        List<String> settings = new ArrayList<>();
        for (String key : List.of("power", "k")) {
            if (p.node(key) != null) {
                double v = p.number(key, 1);
                if (!(v > 0) || Double.isInfinite(v)) {
                    throw p.fail(key, key + " must be > 0, got " + v);
                }
                settings.add(key + "=" + v);
            }
        }
        long depth = p.integer("queueDepthThreshold", 5);
        double kv = p.number("kvCacheUtilThreshold", 0.8);
        if (depth != 5 || kv != 0.8) {
            throw p.fail(depth != 5 ? "queueDepthThreshold" : "kvCacheUtilThreshold", "the admitter's own queueDepthThreshold and "
                    + "kvCacheUtilThreshold are simulated at their defaults (5, 0.8) only; drop them or set those values");
        }
        return new PolicyParams("probabilistic-admitter", settings);
    }

    static List<String> types() {
        return List.copyOf(TYPES.keySet());
    }

    /** Reads one plugin entry's parameters strictly. */
    static PluginDef read(String type, String name, YamlNode parameters, YamlNode typeNode, String where, Map<String, Kind> external) {
        Entry e = TYPES.get(type);
        if (e == null && external.containsKey(type)) {
            if (parameters != null && parameters.isMap() && !parameters.keys().isEmpty()) {
                throw parameters.fail("'" + type + "' is an exported Nous plugin, which takes no parameters");
            }
            return new PluginDef(type, name, where, external.get(type), new ExternalParams(type));
        }
        if (e == null) {
            throw typeNode.fail("plugin type '" + type + "' is not simulated (known: " + String.join(", ", TYPES.keySet())
                    + "; an exported Nous plugin is found by the provenance.json of its export, beside the config)");
        }
        Params p = new Params(parameters, name, where);
        Object params = e.read().apply(p, name);
        p.done();
        return new PluginDef(type, name, where, e.kind(), params);
    }

    private static Object approxPrefix(Params p, String name) {
        ApproxPrefixProducer.Config d = ApproxPrefixProducer.Config.DEFAULTS;
        boolean autoTune = p.bool("autoTune", d.autoTune());
        int blockSizeTokens = (int) p.integer("blockSizeTokens", d.blockSizeTokens());
        int legacyChars = (int) p.integer("blockSize", 0);
        int maxBlocks = (int) p.integer("maxPrefixBlocksToMatch", d.maxPrefixBlocksToMatch());
        int maxTokens = (int) p.integer("maxPrefixTokensToMatch", d.maxPrefixTokensToMatch());
        int lru = (int) p.integer("lruCapacityPerServer", d.lruCapacityPerServer());
        if (legacyChars > 0 && blockSizeTokens == d.blockSizeTokens()) {
            blockSizeTokens = legacyChars; // the deprecated 'blockSize' maps onto blockSizeTokens, as upstream
        }
        if (!autoTune && blockSizeTokens <= 0) {
            throw p.fail("blockSizeTokens", "blockSizeTokens must be > 0 when autoTune is off, got " + blockSizeTokens);
        }
        if (maxTokens < 0) {
            throw p.fail("maxPrefixTokensToMatch", "maxPrefixTokensToMatch must be >= 0, got " + maxTokens);
        }
        return new ApproxPrefixProducer.Config(autoTune, blockSizeTokens, maxBlocks, maxTokens, lru);
    }

    private static Object inFlight(Params p, String name) {
        boolean add = p.bool("addEstimatedOutputTokens", false);
        double ratio = p.number("outputRatio", InFlightProducer.Config.DEFAULT_OUTPUT_RATIO);
        long cap = p.integer("maxEstimatedOutputTokens", -1);
        p.text("prefixMatchInfoProducerName", "");
        p.bool("syncCrossReplicaState", true); // one router replica: nothing to synchronize
        if (ratio < 0) {
            throw p.fail("outputRatio", "outputRatio must be non-negative, got " + ratio);
        }
        if (p.node("maxEstimatedOutputTokens") != null && cap < 0) {
            throw p.fail("maxEstimatedOutputTokens", "maxEstimatedOutputTokens must be non-negative, got " + cap);
        }
        return new InFlightProducer.Config(add, ratio, cap);
    }

    private static Object tokenProducer(Params p, String name) {
        YamlNode vllm = p.node("vllm");
        YamlNode model = p.node("modelName");
        if (vllm != null || model != null) {
            throw p.fail(vllm != null ? "vllm" : "modelName", "the vLLM render backend is not simulated: the router counts prompts "
                    + "with the estimate backend (4 bytes a token; see --prompt-bytes-per-token)");
        }
        YamlNode estimate = p.node("estimate");
        if (estimate != null) {
            estimate.map("estimate").rejectUnknown("estimate setting (multimodal estimates do not apply to text prompts)", List.of());
        }
        return NoParams.DATA;
    }

    private static Object affinity(Params p, String name) {
        PrefixCacheAffinityFilter.Config d = PrefixCacheAffinityFilter.Config.DEFAULTS;
        double threshold = p.number("affinityThreshold", d.affinityThreshold());
        double exploration = p.number("explorationProbability", d.explorationProbability());
        double penalty = p.number("maxTTFTPenaltyMs", d.maxTtftPenaltyMs());
        String source = p.text("ttftSource", "prefillThroughput");
        double peak = p.number("peakPrefillThroughput", d.peakPrefillThroughput());
        p.text("prefixMatchInfoProducerName", "");
        p.text("inFlightLoadProducerName", "");
        String predictor = p.text("latencyPredictionInfoProducerName", "");
        if (threshold > 1.0) {
            throw p.fail("affinityThreshold", "affinityThreshold must be <= 1.0, got " + threshold);
        }
        if (exploration < 0 || exploration > 1) {
            throw p.fail("explorationProbability", "explorationProbability must be in [0, 1], got " + exploration);
        }
        if (penalty < 0) {
            throw p.fail("maxTTFTPenaltyMs", "maxTTFTPenaltyMs must be >= 0, got " + penalty);
        }
        if (peak < 0) {
            throw p.fail("peakPrefillThroughput", "peakPrefillThroughput must be >= 0, got " + peak);
        }
        if (source.equals("latencyPredictor") || !predictor.isEmpty()) {
            throw p.fail("ttftSource", "the latency predictor is not simulated; use ttftSource: prefillThroughput");
        }
        if (!source.equals("prefillThroughput")) {
            throw p.fail("ttftSource", "ttftSource must be \"latencyPredictor\" or \"prefillThroughput\", got \"" + source + "\"");
        }
        if (penalty > 0 && peak == 0) {
            throw p.fail("peakPrefillThroughput", "peakPrefillThroughput must be > 0 when ttftSource is prefillThroughput");
        }
        return new PrefixCacheAffinityFilter.Config(threshold, exploration, penalty, peak);
    }

    private static Object utilization(Params p, String name) {
        YamlNode list = p.node("conditions");
        boolean fallback = p.bool("fallbackOnEmpty", false);
        p.text("inFlightLoadProducerName", "");
        List<UtilizationFilter.Condition> conditions = new ArrayList<>();
        if (list != null) {
            for (YamlNode c : list.list("conditions")) {
                c.map("a condition");
                YamlNode metric = c.get("metric");
                YamlNode max = c.get("maxValue");
                c.rejectUnknown("condition key", List.of("metric", "maxValue"));
                if (metric == null) {
                    throw c.fail("a condition needs a metric");
                }
                UtilizationFilter.Metric m = null;
                for (UtilizationFilter.Metric x : UtilizationFilter.Metric.values()) {
                    if (x.id.equals(metric.text("metric"))) {
                        m = x;
                    }
                }
                if (m == null) {
                    throw metric.fail("utilization filter condition metric must be one of active-requests, running-requests, "
                            + "waiting-queue, kv-cache-utilization, got \"" + metric.text("metric") + "\"");
                }
                if (max == null) {
                    throw c.fail("utilization filter condition for \"" + m.id + "\" requires maxValue");
                }
                double v = max.number("maxValue");
                if (v < 0 || (m == UtilizationFilter.Metric.KV_CACHE_UTILIZATION && v > 1)) {
                    throw max.fail("maxValue for \"" + m.id + "\" must be >= 0" + (m == UtilizationFilter.Metric.KV_CACHE_UTILIZATION
                            ? " and at most 1 (a fraction)" : "") + ", got " + v);
                }
                conditions.add(new UtilizationFilter.Condition(m, v));
            }
        }
        if (conditions.isEmpty()) {
            throw p.fail("conditions", "utilization filter requires at least one condition");
        }
        return new UtilizationParams(conditions, fallback);
    }

    private static Object detector(Params p, String name) {
        long q = p.integer("queueDepthThreshold", 5);
        double kv = p.number("kvCacheUtilThreshold", 0.8);
        YamlNode stale = p.node("metricsStalenessThreshold");
        long staleUs = stale == null ? 200_000 : RoutingConfig.durationUs(stale, name + ".metricsStalenessThreshold");
        double headroom = p.number("headroom", 0.0);
        if (q <= 0) {
            throw p.fail("queueDepthThreshold", "queueDepthThreshold must be > 0, got " + q);
        }
        if (kv <= 0 || kv > 1) {
            throw p.fail("kvCacheUtilThreshold", "kvCacheUtilThreshold must be in (0, 1], got " + kv);
        }
        if (staleUs <= 0) {
            throw p.fail("metricsStalenessThreshold", "metricsStalenessThreshold must be > 0");
        }
        if (headroom < 0) {
            throw p.fail("headroom", "headroom must be >= 0, got " + headroom);
        }
        return new DetectorParams((int) q, kv, staleUs, headroom);
    }

    private static Object activeRequest(Params p, String name) {
        p.text("requestTimeout", ""); // upstream accepts it and ignores it
        long idle = p.integer("idleThreshold", 0);
        YamlNode busy = p.node("maxBusyScore");
        double maxBusy = busy == null ? 1.0 : busy.number(name + ".maxBusyScore");
        p.text("inFlightLoadProducerName", "");
        if (maxBusy < 0 || maxBusy > 1) {
            maxBusy = 1.0; // upstream falls back to the default on a value outside [0, 1]
        }
        return new ActiveRequestParams((int) Math.max(0, idle), maxBusy);
    }

    private static Object prefixScorer(Params p, String name) {
        double w = p.number("matchLengthWeight", 0.0);
        long scale = p.integer("matchLengthScaleTokens", 8192);
        p.text("prefixMatchInfoProducerName", "");
        if (w < 0 || w > 1) {
            throw p.fail("matchLengthWeight", "matchLengthWeight must be between 0.0 and 1.0, got " + w);
        }
        if (w > 0 && scale <= 0) {
            throw p.fail("matchLengthScaleTokens", "matchLengthScaleTokens must be greater than 0 when matchLengthWeight is greater than 0");
        }
        return new PrefixScorerParams(w, scale);
    }

    private static Object picker(Params p, String name) {
        long max = p.integer("maxNumOfEndpoints", 1);
        return new PickerParams((int) Math.max(1, max));
    }
}
