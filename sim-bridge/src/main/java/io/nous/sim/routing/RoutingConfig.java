package io.nous.sim.routing;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.nous.sim.Scenario;
import io.nous.sim.config.GoDuration;
import io.nous.sim.DetectorConfig;
import io.nous.sim.epp.FlowControlConfig;
import io.nous.sim.config.YamlNode;
import io.nous.sim.routing.PluginDef.Kind;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An EndpointPickerConfig as Nous runs it: its plugins (validated parameters), its one scheduling
 * profile (filters in order, weighted scorers, a picker), and its feature gates and flow-control
 * settings. Read strictly ({@link #parse}): an unknown key, plugin type or parameter, a dangling
 * {@code pluginRef} or a bad weight is refused with the file, line and name. Values of this type are
 * immutable; each simulation instantiates its own plugins from them ({@link Router}).
 *
 * @param name       how reports name it: a preset's name, or the file
 * @param text       the file as read (the config's identity)
 * @param flowControl whether the {@code flowControl} feature gate is on; off is the router's legacy path
 * @param ttlUs      {@code flowControl.defaultRequestTTL}, or null: the release's default
 * @param maxRequestsPerBand {@code flowControl.defaultPriorityBand.maxRequests}, or null
 * @param service    a plain Kubernetes Service instead of a router (no data layer, no flow control)
 * @param enableEviction {@code flowControl.enableEviction}: demand-driven in-flight eviction on
 */
public record RoutingConfig(String name, String text, @JsonIgnore List<PluginDef> plugins, @JsonIgnore List<String> filters,
                            @JsonIgnore List<WeightedRef> scorers, @JsonIgnore String picker, @JsonIgnore boolean flowControl,
                            @JsonIgnore Long ttlUs, @JsonIgnore Integer maxRequestsPerBand, @JsonIgnore boolean service,
                            @JsonIgnore String usageLimitRef, @JsonIgnore boolean enableEviction,
                            @JsonProperty("exported") @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> exported,
                            @JsonIgnore Disagg disagg) {

    /**
     * The {@code disagg-profile-handler}'s second stage: the prefill profile (null: the config has none,
     * so nothing is disaggregated), the decider its {@code deciders.prefill} names (null: none, P/D off
     * in decode-first order), and whether prefill runs first (then it runs for every request).
     */
    record Disagg(ProfileSpec prefill, PluginCatalog.DeciderParams decider, String deciderName, boolean prefillFirst) {
    }

    /** Whether a P/D decider at the plug point would be asked: a disagg handler, decode first, with a prefill profile. */
    public boolean runsPdDecider() {
        return disagg != null && disagg.prefill() != null && !disagg.prefillFirst();
    }

    /** Whether the config runs the {@code disagg-profile-handler} with a prefill stage that can run. */
    public boolean disaggregates() {
        return disagg != null && disagg.prefill() != null && (disagg.prefillFirst() || disagg.decider() != null);
    }

    /** A config carried by its name and text (to a worker JVM), read again on arrival (once per JVM and text). */
    public static RoutingConfig of(String name, String text) {
        return of(name, text, null);
    }

    /** As {@link #of(String, String)}, with the exported plugin types it names and what each is ({@link #exported}). */
    @JsonCreator
    public static RoutingConfig of(@JsonProperty("name") String name, @JsonProperty("text") String text,
                                   @JsonProperty("exported") Map<String, String> exported) {
        return "service".equals(name) && "service".equals(text) ? plainService() : parsed(name, text, name, exported == null ? Map.of() : exported);
    }

    /** Configs read so far by name and text: a config is immutable, and every scenario of a matrix carries the same one. */
    private static final Map<String, RoutingConfig> PARSED = new java.util.concurrent.ConcurrentHashMap<>();

    private static RoutingConfig parsed(String name, String text, String origin, Map<String, String> exported) {
        String key = name + "\n" + text + "\n" + new java.util.TreeMap<>(exported);
        RoutingConfig c = PARSED.get(key);
        if (c == null) {
            c = parse(text, name, origin, exported);
            if (PARSED.size() >= 64) {
                PARSED.clear();
            }
            PARSED.put(key, c);
        }
        return c;
    }

    /** A scorer of the profile and its weight. */
    public record WeightedRef(String plugin, double weight) {
    }

    static final List<String> API_VERSIONS = List.of("llm-d.ai/v1alpha1", "inference.networking.x-k8s.io/v1alpha1");
    private static final List<String> TOP_KEYS = List.of("apiVersion", "kind", "featureGates", "plugins", "schedulingProfiles",
            "flowControl");
    private static final String PRESETS = "/io/nous/sim/routing/";
    /** Configs shipped with Nous, usable wherever a config file is. */
    public static final List<String> PRESET_NAMES = List.of("default", "lab-defaults", "lab-prefill-calibrated", "lab-decode",
            "lab-scorer", "pd");

    public RoutingConfig {
        exported = exported == null ? Map.of() : Map.copyOf(exported);
        plugins = List.copyOf(plugins);
        filters = List.copyOf(filters);
        scorers = List.copyOf(scorers);
    }

    /**
     * The router's built-in default (llm-d-router v0.10.0, pkg/epp/config/loader/defaults.go): one
     * profile of {@code queue-scorer} (weight 2), {@code kv-cache-utilization-scorer} (2) and
     * {@code prefix-cache-scorer} (3), with the approximate prefix producer it needs, and the
     * {@code max-score-picker}; flow control on, as the studies ran.
     */
    public static RoutingConfig defaults() {
        return preset("default");
    }

    /** A plain Service: kube-proxy sends each new connection to a pod at random. */
    public static RoutingConfig plainService() {
        return new RoutingConfig("service", "service", List.of(new PluginDef("random-picker", "random-picker", "service", Kind.PICKER,
                new PluginCatalog.PickerParams(1))), List.of(), List.of(), "random-picker", false, null, null, true, null, false, Map.of(), null);
    }

    /** A shipped config ({@link #PRESET_NAMES}) or a file. */
    public static RoutingConfig byNameOrFile(String ref) {
        return byNameOrFile(ref, Map.of());
    }

    /** A shipped config or a file that may name exported Nous plugins ({@link #parse(String, String, String, Map)}). */
    public static RoutingConfig byNameOrFile(String ref, Map<String, String> exported) {
        if (PRESET_NAMES.contains(ref)) {
            return preset(ref);
        }
        Path file = Path.of(ref);
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new RoutingException(ref + ": no such file, and not a shipped config (" + String.join(", ", PRESET_NAMES) + ")");
        } catch (IOException e) {
            throw new RoutingException(ref + ": cannot read: " + e.getMessage());
        }
        return parse(text, ref, ref, exported);
    }

    private static RoutingConfig preset(String name) {
        RoutingConfig c = PRESETS_READ.get(name);
        if (c == null) {
            c = readPreset(name);
            PRESETS_READ.put(name, c);
        }
        return c;
    }

    /** The shipped configs read so far (each scenario a matrix builds starts from the default). */
    private static final Map<String, RoutingConfig> PRESETS_READ = new java.util.concurrent.ConcurrentHashMap<>();

    private static RoutingConfig readPreset(String name) {
        try (InputStream in = RoutingConfig.class.getResourceAsStream(PRESETS + name + ".yaml")) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + PRESETS + name + ".yaml");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), name, name + ".yaml");
        } catch (IOException e) {
            throw new IllegalStateException("cannot read preset " + name, e);
        }
    }

    /** Reads a config's text; {@code origin} names it in messages. */
    public static RoutingConfig parse(String text, String name, String origin) {
        return parse(text, name, origin, Map.of());
    }

    /**
     * Reads a config's text that may name exported Nous plugins: {@code exported} maps each such
     * plugin type to what it is ({@code usage-limit}, {@code admission} or {@code routing}); the
     * caller runs them from their Java source.
     */
    public static RoutingConfig parse(String text, String name, String origin, Map<String, String> exported) {
        Map<String, Kind> external = new LinkedHashMap<>();
        exported.forEach((type, what) -> external.put(type, switch (what) {
            case EXPORTED_USAGE_LIMIT -> Kind.USAGE_LIMIT;
            case EXPORTED_ADMISSION -> Kind.ADMITTER;
            case EXPORTED_ROUTING -> Kind.SCORER;
            default -> throw new IllegalArgumentException("an exported plugin is usage-limit, admission or routing, not " + what);
        }));
        YamlNode root = YamlNode.parse(text, origin, RoutingException::new).map("an EndpointPickerConfig");
        YamlNode api = root.get("apiVersion");
        if (api != null && !API_VERSIONS.contains(api.text("apiVersion"))) {
            throw api.fail("apiVersion must be one of " + API_VERSIONS + ", got '" + api.text("apiVersion") + "'");
        }
        YamlNode kind = root.get("kind");
        if (kind != null && !kind.text("kind").equals("EndpointPickerConfig")) {
            throw kind.fail("kind must be EndpointPickerConfig, got '" + kind.text("kind") + "'");
        }
        for (String refused : List.of("dataLayer", "saturationDetector", "parser", "requestHandler")) {
            YamlNode n = root.get(refused);
            if (n != null) {
                throw n.fail("'" + refused + "' is not simulated: " + switch (refused) {
                    case "dataLayer" -> "Nous scrapes every pod's metrics itself (see --scrape-interval)";
                    case "saturationDetector" -> "choose the detector with --detector";
                    default -> "requests reach the router already parsed";
                });
            }
        }
        boolean gate = featureGate(root.get("featureGates"));
        Map<String, PluginDef> plugins = readPlugins(root.get("plugins"), external);
        Map<String, ProfileSpec> profiles = ProfileSpec.readAll(root, plugins);
        PluginDef handler = null;
        for (PluginDef d : plugins.values()) {
            if (d.kind() == Kind.PROFILE_HANDLER) {
                if (handler != null) {
                    throw root.fail("a config has one profile handler; '" + handler.name() + "' and '" + d.name() + "' are two");
                }
                handler = d;
            }
        }
        ProfileSpec profile;
        Disagg disagg = null;
        if (handler == null || !(handler.params() instanceof PluginCatalog.DisaggHandlerParams h)) {
            if (profiles.size() > 1) {
                throw root.get("schedulingProfiles").list("schedulingProfiles").get(1).fail("only one scheduling profile runs under the "
                        + "single-profile handler; this config has " + profiles.size() + " (a disagg-profile-handler runs a decode and a prefill profile)");
            }
            profile = profiles.values().iterator().next();
        } else {
            profile = profiles.get(h.decodeProfile());
            if (profile == null) {
                throw root.fail("the disagg-profile-handler '" + handler.name() + "' needs a scheduling profile named '" + h.decodeProfile()
                        + "' (profiles: " + String.join(", ", profiles.keySet()) + ")");
            }
            for (String n : profiles.keySet()) {
                if (!n.equals(h.decodeProfile()) && !n.equals(h.prefillProfile())) {
                    throw root.fail("scheduling profile '" + n + "' is no stage of the disagg-profile-handler (decode: '" + h.decodeProfile()
                            + "', prefill: '" + h.prefillProfile() + "')");
                }
            }
            PluginCatalog.DeciderParams decider = null;
            if (h.prefillDecider() != null) {
                PluginDef d = plugins.get(h.prefillDecider());
                if (d == null) {
                    throw root.fail("deciders.prefill plugin not found: " + h.prefillDecider() + " (plugins: " + String.join(", ", plugins.keySet()) + ")");
                }
                if (d.kind() != Kind.PD_DECIDER) {
                    throw root.fail("plugin " + h.prefillDecider() + " (" + d.type() + ") does not implement prefillDeciderPlugin");
                }
                decider = (PluginCatalog.DeciderParams) d.params();
            }
            disagg = new Disagg(profiles.get(h.prefillProfile()), decider, h.prefillDecider(), h.prefillFirst());
        }
        FlowSettings flow = readFlowControl(root.get("flowControl"), plugins);
        root.rejectUnknown("key", TOP_KEYS);
        Map<String, String> used = new java.util.TreeMap<>();
        for (PluginDef d : plugins.values()) {
            if (d.params() instanceof PluginCatalog.ExternalParams) {
                used.put(d.type(), exported.get(d.type()));
            }
        }
        return new RoutingConfig(name, text, List.copyOf(plugins.values()), profile.filters(), profile.scorers(), profile.picker(), gate,
                flow.ttlUs(), flow.maxRequests(), false, flow.usageLimitRef(), flow.enableEviction(), used, disagg);
    }

    /** What an exported plugin is, in {@link #parse(String, String, String, Map)}'s map. */
    public static final String EXPORTED_USAGE_LIMIT = "usage-limit";
    public static final String EXPORTED_ADMISSION = "admission";
    public static final String EXPORTED_ROUTING = "routing";

    /** The plugin types Nous simulates from a config, in name order. */
    public static List<String> simulatedTypes() {
        return PluginCatalog.types();
    }

    /**
     * A flow-control or admission plugin of the config: its type, and either the policy registry's
     * reference for it (a built-in with the config's parameters) or, for an exported Nous plugin, null.
     */
    public record PolicyPlugin(String type, String reference) {
        /** Whether the plugin is an exported Nous plugin, run from its Java source. */
        public boolean exported() {
            return reference == null;
        }
    }

    /**
     * The usage-limit policy flow control runs under this config: the plugin that
     * {@code flowControl.usageLimitPolicyPluginRef} names; null when the config names none (the
     * router then runs {@code static-usage-limit-policy}) or flow control is off.
     */
    public PolicyPlugin usageLimitPolicy() {
        return usageLimitRef == null || !flowControl ? null : policyPlugin(plugin(usageLimitRef));
    }

    /** The admitters the config configures (the router asks each before scheduling), in order. */
    public List<PolicyPlugin> admitters() {
        return plugins.stream().filter(d -> d.kind() == Kind.ADMITTER).map(RoutingConfig::policyPlugin).toList();
    }

    /** The exported Nous scorers the profile scores with. */
    public List<String> exportedScorers() {
        return scorers.stream().map(r -> plugin(r.plugin())).filter(d -> d.params() instanceof PluginCatalog.ExternalParams)
                .map(PluginDef::type).toList();
    }

    private static PolicyPlugin policyPlugin(PluginDef d) {
        return new PolicyPlugin(d.type(), d.params() instanceof PluginCatalog.PolicyParams p ? p.reference() : null);
    }

    private static Map<String, PluginDef> readPlugins(YamlNode list, Map<String, Kind> external) {
        Map<String, PluginDef> plugins = new LinkedHashMap<>();
        if (list != null) {
            for (YamlNode p : list.list("plugins")) {
                p.map("a plugin");
                YamlNode type = p.get("type");
                YamlNode nameNode = p.get("name");
                YamlNode params = p.get("parameters");
                p.rejectUnknown("plugin key", List.of("type", "name", "parameters"));
                if (type == null) {
                    throw p.fail("a plugin needs a type");
                }
                String t = type.text("type");
                String n = nameNode == null ? t : nameNode.text("name");
                if (plugins.containsKey(n)) {
                    throw (nameNode == null ? type : nameNode).fail("plugin name '" + n + "' is used twice");
                }
                plugins.put(n, PluginCatalog.read(t, n, params, type, p.where(), external));
            }
        }
        checkProducerNames(list, plugins);
        return plugins;
    }

    /**
     * {@code flowControl.defaultRequestTTL}, {@code defaultPriorityBand.maxRequests} and the plugin
     * {@code usageLimitPolicyPluginRef} names, each null when not given.
     */
    private record FlowSettings(Long ttlUs, Integer maxRequests, String usageLimitRef, boolean enableEviction) {
    }

    private static FlowSettings readFlowControl(YamlNode fc, Map<String, PluginDef> plugins) {
        Long ttl = null;
        Integer maxRequests = null;
        String usageLimitRef = null;
        boolean eviction = false;
        if (fc != null) {
            fc.map("flowControl");
            YamlNode ttlNode = fc.get("defaultRequestTTL");
            YamlNode band = fc.get("defaultPriorityBand");
            YamlNode ref = fc.get("usageLimitPolicyPluginRef");
            YamlNode detector = fc.get("saturationDetector");
            YamlNode evict = fc.get("enableEviction");
            fc.rejectUnknown("flowControl setting (simulated: defaultRequestTTL, defaultPriorityBand.maxRequests, usageLimitPolicyPluginRef, "
                    + "saturationDetector.pluginRef, enableEviction)", List.of("defaultRequestTTL", "defaultPriorityBand", "usageLimitPolicyPluginRef",
                    "saturationDetector", "enableEviction"));
            if (evict != null) {
                eviction = evict.bool("enableEviction");
            }
            if (detector != null) {
                // the router's own samples name their detector here (deploy/config/probabilistic-admitter-epp-config.yaml)
                detector.map("saturationDetector");
                YamlNode dref = detector.get("pluginRef");
                detector.rejectUnknown("saturationDetector setting", List.of("pluginRef"));
                String name = dref == null ? "" : dref.text("pluginRef");
                PluginDef d = plugins.get(name);
                if (d == null) {
                    throw (dref == null ? detector : dref).fail("saturationDetector.pluginRef '" + name + "' names no plugin (plugins: "
                            + String.join(", ", plugins.keySet()) + ")");
                }
                if (!(d.params() instanceof PluginCatalog.DetectorParams)) {
                    throw dref.fail("saturationDetector.pluginRef '" + name + "' is a " + d.type() + "; a config's detector is simulated "
                            + "as a utilization-detector (for the concurrency detector use --detector concurrency)");
                }
            }
            if (ref != null) {
                usageLimitRef = ref.text("usageLimitPolicyPluginRef");
                PluginDef d = plugins.get(usageLimitRef);
                if (d == null) {
                    throw ref.fail("usageLimitPolicyPluginRef '" + usageLimitRef + "' names no plugin (plugins: "
                            + String.join(", ", plugins.keySet()) + ")");
                }
                if (d.kind() != Kind.USAGE_LIMIT) {
                    throw ref.fail("usageLimitPolicyPluginRef '" + usageLimitRef + "' is a " + d.type() + ", which is not a usage-limit policy");
                }
            }
            if (ttlNode != null) {
                ttl = durationUs(ttlNode, "defaultRequestTTL");
            }
            if (band != null) {
                band.map("defaultPriorityBand");
                YamlNode max = band.get("maxRequests");
                band.rejectUnknown("defaultPriorityBand setting", List.of("maxRequests"));
                if (max != null) {
                    long v = max.integer("maxRequests");
                    if (v < 1 || v > Integer.MAX_VALUE) {
                        throw max.fail("maxRequests must be >= 1, got " + v);
                    }
                    maxRequests = (int) v;
                }
            }
        }
        return new FlowSettings(ttl, maxRequests, usageLimitRef, eviction);
    }

    /** Producer-name parameters must name a plugin of the right type. */
    private static void checkProducerNames(YamlNode list, Map<String, PluginDef> plugins) {
        if (list == null) {
            return;
        }
        for (YamlNode p : list.list("plugins")) {
            YamlNode params = p.get("parameters");
            if (params == null || !params.isMap()) {
                continue;
            }
            for (String key : params.keys()) {
                if (!key.endsWith("ProducerName")) {
                    continue;
                }
                YamlNode v = params.get(key);
                String ref = v.text(key);
                if (ref.isEmpty()) {
                    continue;
                }
                PluginDef d = plugins.get(ref);
                String wanted = key.startsWith("inFlight") ? "inflight-load-producer" : "approx-prefix-cache-producer";
                if (d == null || !d.type().equals(wanted)) {
                    throw v.fail(key + " '" + ref + "' names no " + wanted + " in this config");
                }
            }
        }
    }

    /** A Kubernetes duration ("30s", "1m30s", "500ms") in microseconds. */
    static long durationUs(YamlNode node, String what) {
        Long ns = GoDuration.nanos(node.text(what));
        if (ns == null) {
            throw node.fail(what + " must be a duration such as 30s or 1m30s: '" + node.text(what) + "' " + GoDuration.problem(node.text(what)));
        }
        return Math.round(ns / 1e3);
    }

    private static boolean featureGate(YamlNode gates) {
        boolean flowControl = false;
        if (gates == null) {
            return false;
        }
        for (YamlNode g : gates.list("featureGates")) {
            String[] parts = g.text("a feature gate").split("=", 2);
            boolean value = true;
            if (parts.length > 1) {
                String v = parts[1].trim().toLowerCase();
                if (!v.equals("true") && !v.equals("false")) {
                    throw g.fail("feature gate value must be true or false, got '" + parts[1] + "'");
                }
                value = v.equals("true");
            }
            if (!parts[0].equals("flowControl")) {
                throw g.fail("feature gate '" + parts[0] + "' is not simulated (known: flowControl)");
            }
            flowControl = value;
        }
        return flowControl;
    }

    /** Two configs are the same when they have the same name and text (plugin instances are built per run). */
    @Override
    public boolean equals(Object o) {
        return o instanceof RoutingConfig r && r.name.equals(name) && r.text.equals(text);
    }

    @Override
    public int hashCode() {
        return name.hashCode() * 31 + text.hashCode();
    }

    /**
     * The {@code utilization-detector} the config defines, as thresholds for the flow controller's
     * saturation detector (queue depth, KV fraction, staleness in µs), or null when it defines none.
     */
    public double[] utilizationDetector() {
        for (PluginDef d : plugins) {
            if (d.params() instanceof PluginCatalog.DetectorParams p) {
                return new double[] {p.queueDepthThreshold(), p.kvCacheUtilThreshold(), p.metricsStalenessUs()};
            }
        }
        return null;
    }

    /**
     * {@code s} routed by this config as the router would run it: a Service turns the router off; a
     * config decides flow control by its {@code flowControl} gate (without it, the legacy path sheds
     * sheddable requests at saturation), and its TTL, band limit and utilization detector replace the
     * scenario's.
     */
    public Scenario deploy(Scenario s) {
        Scenario.Builder b = s.toBuilder().routing(this);
        if (service) {
            return b.flowControl(false).legacyShedding(false).build();
        }
        FlowControlConfig fc = s.flowControlConfig();
        if (ttlUs != null) {
            fc = fc.withTtlUs(ttlUs);
        }
        if (maxRequestsPerBand != null) {
            fc = fc.withMaxRequestsPerBand(maxRequestsPerBand);
        }
        if (enableEviction) {
            fc = fc.withEviction(fc.eviction().withEnabled(true));
        }
        b.flowControl(flowControl).legacyShedding(!flowControl).flowControlConfig(fc);
        double[] u = utilizationDetector();
        if (u != null) {
            DetectorConfig d = s.detector();
            b.detector(new DetectorConfig("utilization", (int) u[0], u[1], (long) u[2], d.concurrencyMode(), d.maxConcurrency(),
                    d.inflightCredit(), d.filterHeadroom()));
        }
        return b.build();
    }

    /**
     * The most endpoints this config can route among: the approximate prefix index (its producer,
     * the prefix-cache scorer, the affinity filter, or an exported scorer, which reads it) tracks at
     * most 64; otherwise no limit of the router's own.
     */
    public int maxEndpoints() {
        boolean prefixIndex = plugins.stream().anyMatch(d -> switch (d.type()) {
            case "approx-prefix-cache-producer", "prefix-cache-scorer", "prefix-cache-affinity-filter" -> true;
            default -> d.params() instanceof PluginCatalog.ExternalParams && d.kind() == Kind.SCORER;
        });
        return prefixIndex ? PrefixIndex.MAX_ENDPOINTS : Integer.MAX_VALUE;
    }

    /** The plugin named {@code name}. */
    PluginDef plugin(String name) {
        for (PluginDef d : plugins) {
            if (d.name().equals(name)) {
                return d;
            }
        }
        throw new IllegalArgumentException("no plugin " + name);
    }
}
