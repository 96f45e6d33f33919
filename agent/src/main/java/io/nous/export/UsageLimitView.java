package io.nous.export;

import io.nous.codegen.Candidate;
import io.nous.report.Charts;
import io.nous.sim.spi.PlugPoint;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** A usage-limit policy as people read it: mean ceilings per band as saturation rises. */
final class UsageLimitView implements PlugPointView {

    @Override
    public PlugPoint<?> point() {
        return PlugPoint.USAGE_LIMIT;
    }

    @Override
    public void reviewTable(StringBuilder sb, PolicyPart part) {
        sb.append("Mean ceiling per band over ").append(CeilingProfile.CYCLES)
                .append(" consecutive dispatch cycles at a fixed pool saturation (two bands, as in the studies; 1 = open, 0 = closed,")
                .append(" in between = open on that share of cycles):\n\n");
        sb.append("| saturation | critical (priority 0) | sheddable (priority -1) |\n|---:|---:|---:|\n");
        for (double sat : Review.SATURATIONS) {
            double[] mean = CeilingProfile.mean(part.usageLimit().get(), sat);
            sb.append(String.format(Locale.ROOT, "| %.2f | %.2f | %.2f |%n", sat, mean[0], mean[1]));
        }
    }

    @Override
    public void reportFigure(StringBuilder sb, PolicyPart part, double[] sat) {
        double[][] mean = new double[2][sat.length];
        for (int i = 0; i < sat.length; i++) {
            double[] m = CeilingProfile.mean(part.usageLimit().get(), sat[i]);
            mean[0][i] = m[0];
            mean[1][i] = m[1];
        }
        List<String> classes = List.of("critical (priority 0)", "sheddable (priority -1)");
        sb.append("<figure>").append(Charts.ceilings(sat, classes, mean))
                .append("<figcaption>Mean over ").append(CeilingProfile.CYCLES)
                .append(" consecutive dispatch cycles at each saturation.</figcaption></figure>\n");
    }

    @Override
    public List<String> risks(PolicyPart part, String which) {
        List<String> r = new ArrayList<>();
        if (part.stateful()) {
            r.add(which + "It keeps a counter of dispatch cycles (an arrival or the 1 ms ticker), so a duty cycle is a share of cycles,"
                    + " not of time: its effective rate depends on the arrival rate.");
        }
        r.add(which + "While a band is gated its queue grows; bound it with the band's maxRequests/maxBytes and the request TTL.");
        return r;
    }

    @Override
    public String half() {
        return "usage-limit";
    }

    @Override
    public void runbook(StringBuilder sb, String type, PolicyPart part, String upstream) {
        sb.append("## What it does as load rises\n\nMean ceiling per band over ").append(CeilingProfile.CYCLES)
                .append(" dispatch cycles at a fixed pool saturation (1 open, 0 closed, in between: open on that share of cycles):\n\n")
                .append("| saturation | critical band | sheddable band |\n|---:|---:|---:|\n");
        double gatesFrom = Double.NaN;
        for (double s : Runbook.SATURATIONS) {
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

    @Override
    public Optional<UpstreamMatch.Match> upstreamMatch(Candidate candidate) {
        return UpstreamMatch.of(candidate::newUsageLimitPolicy);
    }

    @Override
    public String configureInstead(UpstreamMatch.Match m) {
        return "configure that plugin (flowControl.usageLimitPolicyPluginRef: " + m.pluginType() + ")";
    }

    @Override
    public String exportedAs() {
        return "";
    }

    @Override
    public String provenanceKey() {
        return "builtin_policy";
    }

    @Override
    public String exercisedOn() {
        return "1-6 bands and saturations 0-100";
    }
}
