package io.nous.sim.routing;

import io.nous.sim.config.YamlNode;
import io.nous.sim.routing.PluginDef.Kind;
import io.nous.sim.routing.RoutingConfig.WeightedRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A config's one scheduling profile: its filters in order, its weighted scorers, its picker (null: the
 * {@code max-score-picker} upstream injects). Without {@code schedulingProfiles}, every filter, scorer
 * and picker joins it in file order (upstream iterates a map, so its order is not defined).
 */
record ProfileSpec(List<String> filters, List<WeightedRef> scorers, String picker) {

    static ProfileSpec read(YamlNode root, Map<String, PluginDef> plugins) {
        List<String> filters = new ArrayList<>();
        List<WeightedRef> scorers = new ArrayList<>();
        String picker = null;
        YamlNode profiles = root.get("schedulingProfiles");
        List<YamlNode> profileList = profiles == null ? List.of() : profiles.list("schedulingProfiles");
        if (profileList.size() > 1) {
            throw profileList.get(1).fail("only one scheduling profile is simulated (the single-profile handler); this config has "
                    + profileList.size());
        }
        if (profileList.isEmpty()) {
            // upstream puts every filter, scorer and picker in a default profile; Nous keeps file order
            for (PluginDef d : plugins.values()) {
                switch (d.kind()) {
                    case FILTER -> filters.add(d.name());
                    case SCORER -> scorers.add(new WeightedRef(d.name(), 1.0));
                    case PICKER -> picker = pickerOnce(picker, d.name(), root);
                    default -> { }
                }
            }
        } else {
            YamlNode profile = profileList.get(0).map("a scheduling profile");
            profile.get("name");
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
