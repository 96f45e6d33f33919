package io.nous.export;

import io.nous.codegen.Candidate;
import io.nous.codegen.golang.proof.CallSequences;
import io.nous.codegen.golang.proof.DeciderProof;
import io.nous.policy.PolicyRegistry;
import io.nous.sim.spi.DisaggregationDecider;
import io.nous.sim.spi.PlugPoint;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A P/D decider as people read it: where it prefills prompts of a few sizes sent to decode pods from
 * idle to queueing, and whether it answers exactly as one of the router's deciders on the proof's
 * questions (then the router's own plugin is configured instead of a copy).
 */
final class DeciderView implements PlugPointView {
    /** The router's deciders as the registry names them, with their plugin types. */
    private static final List<String[]> UPSTREAM = List.of(new String[] {"prefix-based-pd", "prefix-based-pd-decider"},
            new String[] {"always-disagg", "always-disagg-pd-decider"});
    private static final int[] UNCACHED = {16, 256, 1_024, 4_096, 16_384};

    /** A decode pod in words, with what its last scrape says. */
    private record Pod(String words, int waiting, int running, double kv) {
    }

    private static final List<Pod> PODS = List.of(new Pod("idle", 0, 0, 0), new Pod("busy (64 running, KV 50 %)", 0, 64, 0.5),
            new Pod("queueing (8 waiting, 200 running, KV 90 %)", 8, 200, 0.9));

    @Override
    public PlugPoint<?> point() {
        return PlugPoint.PD_DECIDER;
    }

    /** Per uncached prompt size, where each decode pod would have it prefilled. */
    private static List<String[]> rows(DisaggregationDecider d) {
        List<String[]> rows = new ArrayList<>();
        for (int uncached : UNCACHED) {
            StringBuilder where = new StringBuilder();
            for (Pod p : PODS) {
                boolean remote = d.disaggregate(uncached + 2_048, 2_048, p.waiting(), p.running(), p.kv());
                where.append(where.length() == 0 ? "" : "; ").append(p.words()).append(": ").append(remote ? "prefill pod" : "decode pod");
            }
            rows.add(new String[] {String.format(java.util.Locale.ROOT, "%,d uncached tokens (2,048 cached)", uncached), where.toString()});
        }
        return rows;
    }

    @Override
    public void reviewTable(StringBuilder sb, PolicyPart part) {
        sb.append("Where it has a prompt prefilled, by the tokens its decode pod lacks and how loaded that pod is (the router's sample"
                + " config sends every prompt with 16 or more to a prefill pod):\n\n");
        SituationTable.markdown(sb, "prompt", "prefilled on", rows(part.check().candidate().newInstance(PlugPoint.PD_DECIDER)));
    }

    @Override
    public void reportFigure(StringBuilder sb, PolicyPart part, double[] saturations) {
        SituationTable.html(sb, "prompt", "prefilled on", rows(part.check().candidate().newInstance(PlugPoint.PD_DECIDER)));
    }

    @Override
    public List<String> risks(PolicyPart part, String which) {
        return List.of(which + "It decides where every prompt prefills: a prompt it keeps on its decode pod shares that pod's steps with"
                + " its decodes, so watch the decode pods' inter-token latency as well as time to first token; the prefill pods see only"
                + " what it sends them.");
    }

    @Override
    public String half() {
        return "pd-decider";
    }

    @Override
    public void runbook(StringBuilder sb, String type, PolicyPart part, String upstream) {
        sb.append("## Signals to watch\n\n")
                .append("- `llm_d_epp_pd_decision_total{decision_type}`: the share of requests it disaggregates.\n")
                .append("- `vllm:time_to_first_token_seconds` and `vllm:inter_token_latency_seconds` on the decode pods: what a prompt"
                        + " kept local costs its neighbours.\n")
                .append("- `vllm:num_requests_waiting` on the prefill pods: whether they idle or queue.\n");
        sb.append("\n## Roll back\n\n1. In the EndpointPickerConfig, set the disagg-profile-handler's `deciders.prefill` back to `")
                .append(upstream).append("` (with its `nonCachedTokens`).\n2. Roll the EPP Deployment: the config is read at start.\n");
    }

    /** One of the router's deciders when the candidate answers as it does on 4,096 of the proof's questions. */
    @Override
    public Optional<UpstreamMatch.Match> upstreamMatch(Candidate candidate) {
        for (String[] u : UPSTREAM) {
            DisaggregationDecider theirs = PolicyRegistry.builtin().create(PlugPoint.PD_DECIDER, u[0]);
            DisaggregationDecider ours = candidate.newInstance(PlugPoint.PD_DECIDER);
            CallSequences.SplitMix rng = new CallSequences.SplitMix(0xd15aL);
            boolean same = true;
            for (int i = 0; i < 4_096 && same; i++) {
                DeciderProof.Input in = DeciderProof.draw(rng);
                same = DeciderProof.ask(ours, in) == DeciderProof.ask(theirs, in);
            }
            if (same) {
                return Optional.of(new UpstreamMatch.Match(u[1], u[0]));
            }
        }
        return Optional.empty();
    }

    @Override
    public String configureInstead(UpstreamMatch.Match m) {
        return "set the disagg-profile-handler's deciders.prefill to " + m.pluginType() + (m.pluginType().startsWith("prefix")
                ? " with nonCachedTokens: 16" : "");
    }

    @Override
    public String exportedAs() {
        return "the P/D decider ";
    }

    @Override
    public String goldenCases() {
        return "golden questions";
    }

    @Override
    public String fingerprintInputs() {
        return "640 seeded questions (prompt, cached tokens, the decode pod's load), twice on one instance and once on a fresh one";
    }

    @Override
    public String exercisedOn() {
        return "prompts of 1 to 32,768 tokens, none to all of them cached, decode pods from idle to thousands queued and a full KV cache";
    }
}
