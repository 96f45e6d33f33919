package io.nous.export;

import io.nous.codegen.BehaviourProbe;
import io.nous.codegen.Candidate;
import io.nous.report.Charts;
import io.nous.sim.spi.PlugPoint;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** An admitter as people read it: the share of requests it admits as saturation rises. */
final class AdmissionView implements PlugPointView {

    @Override
    public PlugPoint<?> point() {
        return PlugPoint.ADMISSION;
    }

    @Override
    public void reviewTable(StringBuilder sb, PolicyPart part) {
        sb.append("Share of requests admitted at a fixed pool saturation (100 evenly spread draws on a fresh")
                .append(" admitter; protected requests have priority >= 0):\n\n");
        Map<String, double[]> curves = BehaviourProbe.admittedCurves(part.admitter(), part.termsForm(), Review.ADMIT_SATURATIONS);
        sb.append("| saturation | ").append(String.join(" | ", curves.keySet())).append(" |\n|---:|")
                .append("---:|".repeat(curves.size())).append('\n');
        for (int i = 0; i < Review.ADMIT_SATURATIONS.length; i++) {
            sb.append(String.format(Locale.ROOT, "| %.2f |", Review.ADMIT_SATURATIONS[i]));
            for (double[] share : curves.values()) {
                sb.append(String.format(Locale.ROOT, " %.2f |", share[i]));
            }
            sb.append('\n');
        }
    }

    @Override
    public void reportFigure(StringBuilder sb, PolicyPart part, double[] sat) {
        Map<String, double[]> curves = BehaviourProbe.admittedCurves(part.admitter(), part.termsForm(), sat);
        sb.append("<figure>").append(Charts.admitted(sat, List.copyOf(curves.keySet()), curves.values().toArray(double[][]::new)))
                .append("<figcaption>Share of 100 evenly spread draws admitted, on a fresh admitter, at each saturation")
                .append(part.termsForm() ? "; the admitter reads the saturation's queue and KV terms apart, so sheddable requests are "
                        + "shown on a pool whose queues carry the saturation and on one whose KV cache alone does" : "")
                .append(".</figcaption></figure>\n");
    }

    @Override
    public List<String> risks(PolicyPart part, String which) {
        return List.of(which + "Every refused request is an error the client sees (the router answers an admitter's denial with HTTP 500);"
                + " check the sheddable completions in the results above.");
    }

    @Override
    public String provenanceNoun() {
        return "admission policy";
    }

    @Override
    public String half() {
        return "admitter";
    }

    @Override
    public void runbook(StringBuilder sb, String type, PolicyPart part, String upstream) {
        sb.append("## What it does as load rises\n\nShare of sheddable requests (priority < 0) admitted at a fixed pool saturation; ")
                .append("requests with priority >= 0 are always admitted:\n\n");
        Map<String, double[]> curves = BehaviourProbe.admittedCurves(part.admitter(), part.termsForm(), Runbook.SATURATIONS);
        sb.append("| saturation | ").append(String.join(" | ", curves.keySet())).append(" |\n|---:|").append("---:|".repeat(curves.size()))
                .append('\n');
        for (int i = 0; i < Runbook.SATURATIONS.length; i++) {
            sb.append(String.format(Locale.ROOT, "| %.2f |", Runbook.SATURATIONS[i]));
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

    @Override
    public Optional<UpstreamMatch.Match> upstreamMatch(Candidate candidate) {
        return UpstreamMatch.ofAdmitter(candidate::newAdmissionPolicy);
    }

    @Override
    public String goOnly() {
        return "admission policies are exported as Go Admitter plugins";
    }

    @Override
    public String configureInstead(UpstreamMatch.Match m) {
        return m.legacy() ? "configure no admitter" : "configure that plugin (type: " + m.pluginType() + ")";
    }

    @Override
    public String exportedAs() {
        return "the admitter ";
    }

    @Override
    public String exercisedOn() {
        return "1-6 bands and saturations 0-100";
    }
}
