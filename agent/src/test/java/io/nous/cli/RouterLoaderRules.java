package io.nous.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * The rules llm-d-router's config loader applies to an EndpointPickerConfig before it starts, as read
 * from its source (main at ebab68792): strict decoding into the v1alpha1 types
 * ({@code apix/config/v1alpha1/endpointpickerconfig_types.go}, {@code serializer.EnableStrict} in
 * {@code pkg/epp/config/loader/configloader.go}), plugins with a type and unique names, registered
 * types and feature gates, profiles with unique names whose pluginRefs resolve
 * ({@code pkg/epp/config/loader/validation.go}), and a usage-limit reference that names a configured
 * plugin ({@code pkg/epp/config/loader/flowcontrol.go}). A config that breaks one of them would not
 * start the router; {@link #problems} lists each broken rule.
 */
final class RouterLoaderRules {
    /** The top-level fields of EndpointPickerConfig, with TypeMeta's. */
    private static final Set<String> TOP = Set.of("apiVersion", "kind", "featureGates", "plugins", "schedulingProfiles", "dataLayer",
            "flowControl", "requestHandler", "saturationDetector", "parser");
    private static final Set<String> API_VERSIONS = Set.of("llm-d.ai/v1alpha1", "inference.networking.x-k8s.io/v1alpha1");
    private static final Set<String> PLUGIN = Set.of("name", "type", "parameters");
    private static final Set<String> PROFILE = Set.of("name", "plugins");
    private static final Set<String> PROFILE_PLUGIN = Set.of("pluginRef", "weight");
    private static final Set<String> FLOW_CONTROL = Set.of("maxBytes", "maxRequests", "defaultRequestTTL", "noEndpointRequestTTL",
            "defaultPriorityBand", "defaultNegativePriorityBand", "priorityBands", "usageLimitPolicyPluginRef", "saturationDetector",
            "enableEviction");
    /** Gates registered in cmd/epp/runner/runner.go. */
    private static final Set<String> GATES = Set.of("flowControl", "HAPopulateNonLeaderDatastore");
    /**
     * The in-tree plugin types the exported configs use, each registered by the runner (type constants in
     * scheduling/scorer/queuedepth, kvcacheutilization, prefix; requestcontrol/dataproducer/approximateprefix,
     * inflightload; scheduling/picker/maxscore; the flow-control and admitter packages).
     */
    static final Set<String> IN_TREE = Set.of("queue-scorer", "kv-cache-utilization-scorer", "prefix-cache-scorer",
            "approx-prefix-cache-producer", "inflight-load-producer", "max-score-picker", "random-picker", "single-profile-handler",
            "soft-reflective-ceiling-policy", "priority-holdback-policy", "static-usage-limit-policy", "probabilistic-admitter",
            "utilization-detector", "token-load-scorer", "active-request-scorer");

    private RouterLoaderRules() {
    }

    /** Every rule {@code yaml} breaks when the router registers {@code registered} beside its in-tree types; empty when it loads. */
    static List<String> problems(String yaml, Set<String> registered) throws IOException {
        List<String> out = new ArrayList<>();
        JsonNode root = new YAMLMapper().readTree(yaml);
        if (root == null || !root.isObject()) {
            return List.of("not a mapping");
        }
        unknown(out, "", root, TOP);
        if (!API_VERSIONS.contains(root.path("apiVersion").asText())) {
            out.add("apiVersion " + root.path("apiVersion"));
        }
        if (!"EndpointPickerConfig".equals(root.path("kind").asText())) {
            out.add("kind " + root.path("kind"));
        }
        for (JsonNode g : root.path("featureGates")) {
            if (!GATES.contains(g.asText().split("=", 2)[0])) {
                out.add("feature gate '" + g.asText() + "' is unknown or unregistered");
            }
        }
        Set<String> names = new HashSet<>();
        for (JsonNode p : root.path("plugins")) {
            unknown(out, "plugins[].", p, PLUGIN);
            String type = p.path("type").asText("");
            String name = p.path("name").asText(type);
            if (type.isEmpty()) {
                out.add("plugin '" + name + "' is missing a type");
            } else if (!IN_TREE.contains(type) && !registered.contains(type)) {
                out.add("plugin type '" + type + "' is not registered");
            }
            if (!names.add(name)) {
                out.add("duplicate plugin name '" + name + "'");
            }
        }
        Set<String> profiles = new HashSet<>();
        for (JsonNode prof : root.path("schedulingProfiles")) {
            unknown(out, "schedulingProfiles[].", prof, PROFILE);
            String name = prof.path("name").asText("");
            if (name.isEmpty() || !profiles.add(name)) {
                out.add("a scheduling profile is missing a name or repeats '" + name + "'");
            }
            for (JsonNode ref : prof.path("plugins")) {
                unknown(out, "schedulingProfiles[].plugins[].", ref, PROFILE_PLUGIN);
                String r = ref.path("pluginRef").asText("");
                if (!names.contains(r)) {
                    out.add("schedulingProfiles[" + name + "] references undefined plugin '" + r + "'");
                }
            }
        }
        JsonNode fc = root.path("flowControl");
        if (fc.isObject()) {
            unknown(out, "flowControl.", fc, FLOW_CONTROL);
            String ref = fc.path("usageLimitPolicyPluginRef").asText("");
            if (!ref.isEmpty() && !names.contains(ref)) {
                out.add("plugin '" + ref + "' not found (usageLimitPolicyPluginRef)");
            }
        }
        return out;
    }

    private static void unknown(List<String> out, String where, JsonNode node, Set<String> known) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!known.contains(k)) {
                out.add("unknown field \"" + where + k + "\" (strict decoding)");
            }
        }
    }
}
