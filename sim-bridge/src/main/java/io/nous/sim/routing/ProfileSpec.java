package io.nous.sim.routing;

import io.nous.sim.config.YamlNode;
import io.nous.sim.routing.PluginDef.Kind;
import io.nous.sim.routing.RoutingConfig.WeightedRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A scheduling profile of a config: its filters in order, its weighted scorers, its picker (null: the
 * {@code max-score-picker} upstream injects). Without {@code schedulingProfiles}, every filter, scorer
 * and picker joins one profile in file order (upstream iterates a map, so its order is not defined).
 */
record ProfileSpec(List<String> filters, List<WeightedRef> scorers, String picker) {

    /**
     * The config's profiles by name, in file order; a config without {@code schedulingProfiles} has one,
     * named {@code default}, holding every filter, scorer and picker.
     */
    static Map<String, ProfileSpec> readAll(YamlNode root, Map<String, PluginDef> plugins) {
        Map<String, ProfileSpec> out = new java.util.LinkedHashMap<>();
        YamlNode profiles = root.get("schedulingProfiles");
        List<YamlNode> profileList = profiles == null ? List.of() : profiles.list("schedulingProfiles");
        if (profileList.isEmpty()) {
            List<String> filters = new ArrayList<>();
            List<WeightedRef> scorers = new ArrayList<>();
            String picker = null;
            // upstream puts every filter, scorer and picker in a default profile; Nous keeps file order
            for (PluginDef d : plugins.values()) {
                switch (d.kind()) {
                    case FILTER -> filters.add(d.name());
                    case SCORER -> scorers.add(new WeightedRef(d.name(), 1.0));
                    case PICKER -> picker = pickerOnce(picker, d.name(), root);
                    default -> { }
                }
            }
            out.put("default", new ProfileSpec(filters, scorers, picker));
            return out;
        }
        for (YamlNode node : profileList) {
            YamlNode profile = node.map("a scheduling profile");
            YamlNode nameNode = profile.get("name");
            if (nameNode == null) {
                throw profile.fail("a scheduling profile needs a name");
            }
            String name = nameNode.text("name");
            if (out.containsKey(name)) {
                throw nameNode.fail("scheduling profile '" + name + "' is defined twice");
            }
            out.put(name, readOne(profile, plugins));
        }
        return out;
    }

    private static ProfileSpec readOne(YamlNode profile, Map<String, PluginDef> plugins) {
        List<String> filters = new ArrayList<>();
        List<WeightedRef> scorers = new ArrayList<>();
        String picker = null;
        YamlNode refs = profile.get("plugins");
        profile.rejectUnknown("profile key", List.of("name", "plugins"));
        for (YamlNode ref : refs == null ? List.<YamlNode>of() : refs.list("plugins")) {
            ref.map("a profile plugin");
            YamlNode pluginRef = ref.get("pluginRef");
            YamlNode weight = ref.get("weight");
            ref.rejectUnknown("profile plugin key", List.of("pluginRef", "weight"));
            if (pluginRef == null) {
                throw ref.fail("a profile plugin needs a pluginRef");
            }
            String n = pluginRef.text("pluginRef");
            PluginDef d = plugins.get(n);
            if (d == null) {
                throw pluginRef.fail("pluginRef '" + n + "' names no plugin (plugins: " + String.join(", ", plugins.keySet()) + ")");
            }
            if (weight != null && d.kind() != Kind.SCORER) {
                throw weight.fail("'" + n + "' is a " + d.kind().name().toLowerCase().replace('_', ' ') + ", not a scorer: it takes no weight");
            }
            switch (d.kind()) {
                case FILTER -> filters.add(n);
                case SCORER -> {
                    double w = weight == null ? 1.0 : weight.number("weight of '" + n + "'");
                    if (!(w >= 0)) {
                        throw weight.fail("the weight of '" + n + "' must be >= 0, got " + w);
                    }
                    scorers.add(new WeightedRef(n, w));
                }
                case PICKER -> {
                    if (picker != null) {
                        throw pluginRef.fail("a profile has one picker; '" + picker + "' came first");
                    }
                    picker = n;
                }
                default -> throw pluginRef.fail("'" + n + "' (" + d.type() + ") is not a filter, scorer or picker");
            }
        }
        return new ProfileSpec(filters, scorers, picker);
    }

    private static String pickerOnce(String picker, String name, YamlNode root) {
        if (picker != null) {
            throw root.fail("more than one picker and no scheduling profile to say which: '" + picker + "', '" + name + "'");
        }
        return name;
    }
}
