package io.nous.codegen.golang;

/**
 * The EndpointPickerConfig that enables exported plugins: the default scorers and their weights,
 * plus a usage-limit policy (flow control on, the policy as the flow controller's), an admitter
 * (the router runs every configured {@code Admitter}; with flow control on, after its queue), or
 * both together for a joint candidate; or, for a routing scorer, the profile it was measured in.
 */
public final class EppConfig {
    private EppConfig() {
    }

    /**
     * @param usageLimitType the usage-limit plugin's type, or null for none (flow control stays off)
     * @param admitterType   the admitter plugin's type, or null for none
     */
    public static String yaml(String usageLimitType, String admitterType) {
        StringBuilder sb = new StringBuilder("apiVersion: llm-d.ai/v1alpha1\nkind: EndpointPickerConfig\n");
        if (usageLimitType != null) {
            sb.append("featureGates:\n  - flowControl\n");
        }
        sb.append("plugins:\n  - type: queue-scorer\n  - type: kv-cache-utilization-scorer\n  - type: prefix-cache-scorer\n");
        String note = "          # Alpha: start the EPP with --allow-experimental-plugins";
        if (usageLimitType != null) {
            sb.append("  - type: ").append(usageLimitType).append(note).append('\n');
            note = "          # Alpha";
        }
        if (admitterType != null) {
            sb.append("  - type: ").append(admitterType).append(note).append('\n');
        }
        sb.append("""
                schedulingProfiles:
                  - name: default
                    plugins:
                      - pluginRef: queue-scorer
                        weight: 2.0
                      - pluginRef: kv-cache-utilization-scorer
                        weight: 2.0
                      - pluginRef: prefix-cache-scorer
                        weight: 3.0
                """);
        if (usageLimitType != null) {
            sb.append("flowControl:\n  usageLimitPolicyPluginRef: ").append(usageLimitType).append('\n');
        }
        return sb.toString();
    }

    /**
     * The profile a routing candidate was measured in, with the exported scorer in it: the approximate
     * prefix producer and the in-flight load producer it reads, the scorer as the profile's only scorer
     * (weight 1) and the max-score picker, on the legacy path (no flow control), as the lab ran.
     */
    public static String scorer(String scorerType) {
        return """
                apiVersion: llm-d.ai/v1alpha1
                kind: EndpointPickerConfig
                plugins:
                  - type: approx-prefix-cache-producer
                  - type: inflight-load-producer
                  - type: %s          # Alpha: start the EPP with --allow-experimental-plugins
                  - type: max-score-picker
                schedulingProfiles:
                  - name: default
                    plugins:
                      - pluginRef: %s
                      - pluginRef: max-score-picker
                """.formatted(scorerType, scorerType);
    }
}
