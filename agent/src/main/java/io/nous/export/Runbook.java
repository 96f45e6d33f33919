package io.nous.export;

import io.nous.codegen.BehaviourProbe;
import java.util.Locale;
import java.util.Map;

/**
 * One page for the operator who deploys an exported plugin: what it does as load rises (measured on
 * the Java the Go was proved against), the router's signals to watch while it runs, and how to roll
 * back. The metric names are the router's own ({@code pkg/epp/metrics/metrics.go}, the
 * {@code llm_d_epp_} family) and vLLM's ({@code vllm:}).
 */
public final class Runbook {
    private static final double[] SATURATIONS = {0.3, 0.5, 0.6, 0.75, 0.9, 1.0, 1.2};

    private Runbook() {
    }

    /**
     * @param pluginType   the exported plugin's type
     * @param part         the policy it runs
     * @param upstreamType the plugin the router ships for the same plug point, to roll back to
     */
    public static String markdown(String pluginType, PolicyPart part, String upstreamType) {
        StringBuilder sb = new StringBuilder("# Runbook: ").append(pluginType).append(" (").append(part.noun()).append(")\n\n");
        switch (part.kind()) {
            case USAGE_LIMIT -> usageLimit(sb, pluginType, part, upstreamType);
            case ADMISSION -> admitter(sb, pluginType, part, upstreamType);
            case ROUTING -> scorer(sb, pluginType, part, upstreamType);
        }
        sb.append("\n## Before you rely on it\n\nThe evidence behind it is simulated (PROVENANCE.md says on what). Canary it on one")
                .append(" InferencePool, compare the signals above with the pool it replaces over a day of real traffic, and keep the")
                .append(" rollback below at hand. It is an Alpha plugin: the EPP runs it only with `--allow-experimental-plugins`.\n");
        return sb.toString();
    }

    private static void usageLimit(StringBuilder sb, String type, PolicyPart part, String upstream) {
        sb.append("## What it does as load rises\n\nMean ceiling per band over ").append(CeilingProfile.CYCLES)
                .append(" dispatch cycles at a fixed pool saturation (1 open, 0 closed, in between: open on that share of cycles):\n\n")
                .append("| saturation | critical band | sheddable band |\n|---:|---:|---:|\n");
        double gatesFrom = Double.NaN;
        for (double s : SATURATIONS) {
            double[] mean = CeilingProfile.mean(part.usageLimit().get(), s);
            sb.append(String.format(Locale.ROOT, "| %.2f | %.2f | %.2f |%n", s, mean[0], mean[1]));
            if (Double.isNaN(gatesFrom) && mean[1] < 1) {
                gatesFrom = s;
            }
        }
        sb.append("\nFrom saturation 1 up the router dispatches nothing, whatever the ceilings: it holds a band when saturation >= its "
                + "ceiling.\n");
        sb.append(Double.isNaN(gatesFrom) ? "\nIt never holds the sheddable band back at these saturations.\n"
                : String.format(Locale.ROOT, "It starts holding the sheddable band back by saturation %.2f; while it does, sheddable "
                        + "requests wait in their band's queue (bounded by the band's maxRequests and the request TTL).%n", gatesFrom));
        sb.append("\n## Signals to watch\n\n")
                .append("- `llm_d_epp_flow_control_pool_saturation`: the detector's value the policy reads; compare it with the table above.\n")
                .append("- `llm_d_epp_flow_control_queue_size{priority}`: requests held per band; a band the policy gates grows here.\n")
                .append("- `llm_d_epp_flow_control_request_queue_duration_seconds{priority,outcome}`: time in the queue per band, and how")
                .append(" requests left it (dispatched, rejected when a band is full, evicted at the TTL).\n")
                .append("- Critical requests' time to first token (`vllm:time_to_first_token_seconds` on the pods, or your clients'")
                .append(" own): what the policy is for.\n");
        sb.append("\n## Roll back\n\n1. In the EndpointPickerConfig, point `flowControl.usageLimitPolicyPluginRef` back at `").append(upstream)
                .append("` (list it under `plugins`), or delete the line for the router's static default.\n")
                .append("2. Roll the EPP Deployment: the config is read at start. Nothing needs draining; the policy keeps no state but a ")
                .append("dispatch-cycle counter, which `/debug/plugins/state` shows.\n");
    }

    private static void admitter(StringBuilder sb, String type, PolicyPart part, String upstream) {
        sb.append("## What it does as load rises\n\nShare of sheddable requests (priority < 0) admitted at a fixed pool saturation; ")
                .append("requests with priority >= 0 are always admitted:\n\n");
        Map<String, double[]> curves = BehaviourProbe.admittedCurves(part.admitter(), part.termsForm(), SATURATIONS);
        sb.append("| saturation | ").append(String.join(" | ", curves.keySet())).append(" |\n|---:|").append("---:|".repeat(curves.size()))
                .append('\n');
        for (int i = 0; i < SATURATIONS.length; i++) {
            sb.append(String.format(Locale.ROOT, "| %.2f |", SATURATIONS[i]));
            for (double[] share : curves.values()) {
                sb.append(String.format(Locale.ROOT, " %.2f |", share[i]));
            }
            sb.append('\n');
        }
        sb.append("\n## Signals to watch\n\n")
                .append("- HTTP 500 responses whose body says `request cannot be admitted`: every refusal (the router answers an")
                .append(" admitter's denial with 500, not 429); alert on their rate for critical traffic, which should be zero.\n")
                .append("- `vllm:num_requests_waiting` and `vllm:kv_cache_usage_perc` per pod: the utilization the admitter reads.\n")
                .append("- Critical requests' time to first token (`vllm:time_to_first_token_seconds`): what refusing sheddable work buys.\n");
        sb.append("\n## Roll back\n\n1. In the EndpointPickerConfig, remove the `").append(type).append("` entry from `plugins` (or list `")
                .append(upstream).append("`, which the router ships, in its place).\n")
                .append("2. Roll the EPP Deployment. Nothing needs draining: a refused request was never queued.\n");
    }

    private static void scorer(StringBuilder sb, String type, PolicyPart part, String upstream) {
        sb.append("## What it prefers\n\nScores of an endpoint holding the whole prompt with n requests in flight, and of an idle one ")
                .append("holding none (the higher score gets the request):\n\n| in flight | holds the prompt | idle, cold |\n|---:|---:|---:|\n");
        for (ScoreProfile.Row r : ScoreProfile.of(part.routing())) {
            sb.append(String.format(Locale.ROOT, "| %d | %.3f | %.3f |%n", r.inFlight(), r.warm(), r.cold()));
        }
        sb.append("\n## Signals to watch\n\n")
                .append("- `vllm:num_requests_waiting` and `vllm:kv_cache_usage_perc` per pod: a scorer that concentrates load shows")
                .append(" one pod's queue growing while others idle.\n")
                .append("- `vllm:num_preemptions_total` per pod: KV pressure from sending too much to one pod.\n")
                .append("- Prefix-cache hits (`vllm:prefix_cache_hits_total` over `vllm:prefix_cache_queries_total`): what affinity buys.\n")
                .append("- Failed and timed-out requests at the clients: the hard limit of any routing change.\n");
        sb.append("\n## Roll back\n\n1. In the EndpointPickerConfig's scheduling profile, replace `pluginRef: ").append(type)
                .append("` with the scorers it replaced (the router ships `").append(upstream).append("`).\n")
                .append("2. Roll the EPP Deployment. Requests already routed finish where they are.\n");
    }
}
