package io.nous.codegen.golang.plugin;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The EndpointPickerConfig that enables exported plugins: the default scorers and their weights,
 * plus a usage-limit policy (flow control on, the policy as the flow controller's), an admitter
 * (the router runs every configured {@code Admitter}; with flow control on, after its queue), a
 * saturation detector (the flow controller's), or several together for a joint candidate; or, for
 * a routing scorer, the profile it was measured in. The YAML is {@code common/epp-config.yaml}.
 */
public final class EppConfig {
    private static final String FIRST_ALPHA = "Alpha: start the EPP with --allow-experimental-plugins";

    private EppConfig() {
    }

    /**
     * @param usageLimitType the usage-limit plugin's type, or null for none (flow control stays off)
     * @param admitterType   the admitter plugin's type, or null for none
     */
    public static String yaml(String usageLimitType, String admitterType) {
        return yaml(usageLimitType, true, admitterType, null);
    }

    /**
     * @param usageLimitType  the usage-limit policy's type, or null for none (flow control stays off
     *                        unless a detector is given)
     * @param usageLimitAlpha whether that policy is an exported (Alpha) plugin rather than upstream's
     * @param admitterType    the admitter plugin's type, or null for none
     * @param detectorType    the saturation detector plugin's type, or null for the router's default
     */
    public static String yaml(String usageLimitType, boolean usageLimitAlpha, String admitterType, String detectorType) {
        List<Map<String, Object>> plugins = new ArrayList<>();
        String note = FIRST_ALPHA;
        if (usageLimitType != null) {
            plugins.add(plugin(usageLimitType, usageLimitAlpha ? note : null));
            note = usageLimitAlpha ? "Alpha" : note;
        }
        if (admitterType != null) {
            plugins.add(plugin(admitterType, note));
            note = "Alpha";
        }
        if (detectorType != null) {
            plugins.add(plugin(detectorType, note));
        }
        Map<String, Object> scope = new HashMap<>();
        scope.put("plugins", plugins);
        if (usageLimitType != null) {
            Map<String, Object> flow = new HashMap<>();
            flow.put("usageLimit", usageLimitType);
            if (detectorType != null) {
                flow.put("detector", detectorType);
            }
            scope.put("flowControl", flow);
        }
        return GoTemplates.render("common/epp-config.yaml.mustache", scope);
    }

    /** A plugin line: its type, and a comment after it unless {@code note} is null (a missing name renders nothing). */
    private static Map<String, Object> plugin(String type, String note) {
        Map<String, Object> p = new HashMap<>();
        p.put("type", type);
        if (note != null) {
            p.put("note", note);
        }
        return p;
    }

    /**
     * The profile a routing candidate was measured in, with the exported scorer in it: the approximate
     * prefix producer and the in-flight load producer it reads, the scorer as the profile's only scorer
     * (weight 1) and the max-score picker, on the legacy path (no flow control), as the lab ran.
     */
    public static String scorer(String scorerType) {
        return GoTemplates.render("routing/epp-config.yaml.mustache", Map.of("pluginType", scorerType));
    }
}
