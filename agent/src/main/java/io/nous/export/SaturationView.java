package io.nous.export;

import io.nous.codegen.Candidate;
import io.nous.report.RunReport;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.SaturationDetector;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** A saturation detector as people read it: what it says of a few pool states that the router's detectors tell apart. */
final class SaturationView implements PlugPointView {

    /** A pool of two endpoints, as the detector is asked about it, with words for it. */
    private record State(String words, int waiting, int running, double kv, long ageUs, int inFlight, long tokens) {
        double ask(SaturationDetector d) {
            return d.saturation(2, new int[] {waiting, waiting}, new int[] {running, running}, new double[] {kv, kv},
                    new long[] {ageUs, ageUs}, new int[] {inFlight, inFlight}, new long[] {tokens, tokens});
        }
    }

    private static final List<State> STATES = List.of(
            new State("idle", 0, 0, 0.0, 10_000, 0, 0),
            new State("2 waiting, 8 running, KV 0.4 per endpoint", 2, 8, 0.4, 10_000, 10, 0),
            new State("5 waiting, 16 running, KV 0.6", 5, 16, 0.6, 10_000, 21, 0),
            new State("KV 0.9, nothing waiting", 0, 32, 0.9, 10_000, 32, 0),
            new State("scrape shows idle, the router has 8 requests (32,000 prompt tokens) in flight", 0, 0, 0.0, 10_000, 8, 32_000),
            new State("scrape 300 ms old, idle", 0, 0, 0.0, 300_000, 0, 0),
            new State("never scraped", 0, 0, 0.0, Long.MAX_VALUE, 0, 0));

    @Override
    public PlugPoint<?> point() {
        return PlugPoint.SATURATION;
    }

    @Override
    public void reviewTable(StringBuilder sb, PolicyPart part) {
        sb.append("The pool's saturation it reports for two endpoints in each state (a band is held while the saturation is at or")
                .append(" above its ceiling; nothing is dispatched at 1 or more):\n\n| pool state | saturation |\n|---|---:|\n");
        SaturationDetector d = part.check().candidate().newInstance(PlugPoint.SATURATION);
        for (State s : STATES) {
            sb.append(String.format(Locale.ROOT, "| %s | %.3f |%n", s.words(), s.ask(d)));
        }
    }

    @Override
    public void reportFigure(StringBuilder sb, PolicyPart part, double[] saturations) {
        SaturationDetector d = part.check().candidate().newInstance(PlugPoint.SATURATION);
        sb.append("<table>\n<tr><th>pool state (two endpoints)</th><th>saturation</th></tr>\n");
        for (State s : STATES) {
            sb.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%.3f</td></tr>%n", RunReport.esc(s.words()), s.ask(d)));
        }
        sb.append("</table>\n");
    }

    @Override
    public List<String> risks(PolicyPart part, String which) {
        return List.of(which + "It decides when flow control holds requests for the whole pool: reading too low lets queues build on the"
                + " endpoints, too high holds work the pool could serve; compare llm_d_epp_flow_control_pool_saturation with the"
                + " endpoints' queue depth.");
    }

    @Override
    public String half() {
        return "detector";
    }

    @Override
    public void runbook(StringBuilder sb, String type, PolicyPart part, String upstream) {
        sb.append("## Signals to watch\n\n")
                .append("- `llm_d_epp_flow_control_pool_saturation`: the value this detector reports.\n")
                .append("- `vllm:num_requests_waiting` per pod: the queues it should see coming.\n")
                .append("- `llm_d_epp_flow_control_queue_size{priority}`: what the bands hold while it reads saturated.\n");
        sb.append("\n## Roll back\n\n1. In the EndpointPickerConfig, point flow control's saturation detector back at `").append(upstream)
                .append("`.\n2. Roll the EPP Deployment: the config is read at start.\n");
    }

    @Override
    public Optional<UpstreamMatch.Match> upstreamMatch(Candidate candidate) {
        return Optional.empty();
    }

    @Override
    public String configureInstead(UpstreamMatch.Match m) {
        return "configure that detector (type: " + m.pluginType() + ")";
    }

    @Override
    public String exportedAs() {
        return "the saturation detector ";
    }

    @Override
    public String fingerprintInputs() {
        return "240 seeded pool states, twice on one instance and once on a fresh one";
    }

    @Override
    public String exercisedOn() {
        return "pools of 0-16 endpoints from idle to overloaded, with fresh, stale and missing scrapes";
    }
}
