package io.nous.export;

import io.nous.codegen.Candidate;
import io.nous.discover.evolve.RoutingForms;
import io.nous.report.RunReport;
import io.nous.sim.spi.PlugPoint;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** A routing scorer as people read it: which endpoint it picks as a cached one fills up. */
final class RoutingView implements PlugPointView {

    @Override
    public PlugPoint<?> point() {
        return PlugPoint.ROUTING;
    }

    @Override
    public void reviewTable(StringBuilder sb, PolicyPart part) {
        RoutingForms.mechanism(part.source()).ifPresent(m -> sb.append("**In one sentence.** ").append(m).append("\n\n"));
        sb.append("Scores of an endpoint holding the whole 4,000-token prompt with n requests in flight (their prompts cached), and of an")
                .append(" idle endpoint holding none; the higher one gets the request:\n\n");
        sb.append("| in flight | holds the prompt | idle, cold | picked |\n|---:|---:|---:|---|\n");
        for (ScoreProfile.Row r : ScoreProfile.of(part.routing())) {
            sb.append(String.format(Locale.ROOT, "| %d | %.3f | %.3f | %s |%n", r.inFlight(), r.warm(), r.cold(), r.winner()));
        }
    }

    @Override
    public void reportFigure(StringBuilder sb, PolicyPart part, double[] sat) {
        sb.append("<table>\n<tr><th>in flight</th><th>holds the prompt</th><th>idle, cold</th><th>picked</th></tr>\n");
        for (ScoreProfile.Row r : ScoreProfile.of(part.routing())) {
            sb.append(String.format(Locale.ROOT, "<tr><td>%d</td><td>%.3f</td><td>%.3f</td><td>%s</td></tr>%n", r.inFlight(),
                    r.warm(), r.cold(), RunReport.esc(r.winner())));
        }
        sb.append("</table>\n<p>Scores of an endpoint holding the whole 4,000-token prompt with that many requests in flight, and of")
                .append(" an idle endpoint holding none; the higher one gets the request.</p>\n");
    }

    @Override
    public List<String> risks(PolicyPart part, String which) {
        return List.of(which + "It decides which endpoint every request goes to: a wrong score concentrates load on one endpoint, where"
                + " requests queue, preempt and fail; watch per-endpoint queue depth and KV usage, and the failed requests above.");
    }

    @Override
    public String canary() {
        return "on a share of the pool with the scheduler's per-endpoint metrics";
    }

    @Override
    public String provenanceNoun() {
        return "routing scorer";
    }

    @Override
    public String half() {
        return "scorer";
    }

    @Override
    public void runbook(StringBuilder sb, String type, PolicyPart part, String upstream) {
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

    @Override
    public Optional<UpstreamMatch.Match> upstreamMatch(Candidate candidate) {
        return UpstreamMatch.ofRouting(candidate::newRoutingScorer);
    }

    @Override
    public String goOnly() {
        return "routing scorers are exported as Go Scorer plugins";
    }

    @Override
    public String behavesLike() {
        return "scores exactly like";
    }

    @Override
    public String configureInstead(UpstreamMatch.Match m) {
        return "configure that scorer (pluginRef: " + m.pluginType() + ")";
    }

    @Override
    public String exportedAs() {
        return "the scorer ";
    }

    @Override
    public String goldenCases() {
        return "golden endpoint sets";
    }

    @Override
    public String exercisedOn() {
        return "endpoints from idle to 64 in flight and from cold to fully cached";
    }

    @Override
    public String contractLine(boolean simulationOnly) {
        return simulationOnly ? "  not checked against the router's contract (--simulation-only)"
                : "  within the subset the Go translator reads: it can be exported as an llm-d-router scheduling Scorer (the export proves the Go against it)";
    }
}
