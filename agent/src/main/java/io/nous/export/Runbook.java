package io.nous.export;


/**
 * One page for the operator who deploys an exported plugin: what it does as load rises (measured on
 * the Java the Go was proved against), the router's signals to watch while it runs, and how to roll
 * back. The metric names are the router's own ({@code pkg/epp/metrics/metrics.go}, the
 * {@code llm_d_epp_} family) and vLLM's ({@code vllm:}).
 */
public final class Runbook {
    static final double[] SATURATIONS = {0.3, 0.5, 0.6, 0.75, 0.9, 1.0, 1.2};

    private Runbook() {
    }

    /**
     * @param pluginType   the exported plugin's type
     * @param part         the policy it runs
     * @param upstreamType the plugin the router ships for the same plug point, to roll back to
     */
    public static String markdown(String pluginType, PolicyPart part, String upstreamType) {
        StringBuilder sb = new StringBuilder("# Runbook: ").append(pluginType).append(" (").append(part.noun()).append(")\n\n");
        PlugPointViews.of(part.kind()).runbook(sb, pluginType, part, upstreamType);
        sb.append("\n## Before you rely on it\n\nThe evidence behind it is simulated (PROVENANCE.md says on what). Canary it on one")
                .append(" InferencePool, compare the signals above with the pool it replaces over a day of real traffic, and keep the")
                .append(" rollback below at hand. It is an Alpha plugin: the EPP runs it only with `--allow-experimental-plugins`.\n");
        return sb.toString();
    }
}
