package io.nous.export;

import io.nous.codegen.Candidate;
import io.nous.codegen.golang.proof.CallSequences;
import io.nous.codegen.golang.proof.ScalingProof;
import io.nous.policy.PolicyRegistry;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.ScalingPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A scaling policy as people read it: what it asks of a four-pod pool in a few situations the
 * deployed autoscalers tell apart, and whether it decides exactly as one of them (the HPA on KV use,
 * WVA's saturation analyzer, a fixed pool) on the proof's pools; then that rule is configured instead.
 * It runs in the autoscaler beside the router, so its runbook speaks of replicas, not of router config.
 */
final class ScalingView implements PlugPointView {
    private static final List<String[]> UPSTREAM = List.of(new String[] {"hpa-utilization", "hpa-utilization"},
            new String[] {"saturation-analyzer", "wva-saturation-analyzer"}, new String[] {"fixed-pool", "fixed-pool"});

    /** A four-pod pool in words, with its signals. */
    private record Situation(String words, double saturation, double kv, int waiting, int running, int queued) {
    }

    private static final List<Situation> SITUATIONS = List.of(new Situation("idle (KV 5 %, nothing waiting)", 0.05, 0.05, 0, 8, 0),
            new Situation("steady (KV 60 %, 2 waiting)", 0.5, 0.6, 2, 120, 0),
            new Situation("filling (KV 85 %, 24 waiting)", 1.1, 0.85, 24, 300, 0),
            new Situation("saturated (KV 95 %, 200 waiting, 500 held by the router)", 3.0, 0.95, 200, 400, 500));

    @Override
    public PlugPoint<?> point() {
        return PlugPoint.SCALING;
    }

    private static List<String[]> rows(ScalingPolicy p) {
        List<String[]> rows = new ArrayList<>();
        for (Situation s : SITUATIONS) {
            int desired = p.desiredPods(15_000_000L, 4, 0, s.saturation(), s.kv(), s.waiting(), s.running(), s.queued(),
                    new long[ScalingPolicy.STATE_SIZE]);
            rows.add(new String[] {"4 pods, " + s.words(), desired + " pods"});
        }
        return rows;
    }

    @Override
    public void reviewTable(StringBuilder sb, PolicyPart part) {
        sb.append("What it asks of a pool of four ready pods at a first decision (the autoscaler then clamps it to its bounds and"
                + " stabilization windows):\n\n");
        SituationTable.markdown(sb, "pool", "asks for", rows(part.check().candidate().newInstance(PlugPoint.SCALING)));
    }

    @Override
    public void reportFigure(StringBuilder sb, PolicyPart part, double[] saturations) {
        SituationTable.html(sb, "pool", "asks for", rows(part.check().candidate().newInstance(PlugPoint.SCALING)));
    }

    @Override
    public List<String> risks(PolicyPart part, String which) {
        return List.of(which + "It decides what the pool costs and how it meets peaks: a pool it lets shrink too far pays the pods'"
                + " start-up time again at the next peak, and one it grows early pays GPU-hours; compare both with the autoscaler it replaces.");
    }

    @Override
    public String half() {
        return "scaling";
    }

    @Override
    public void runbook(StringBuilder sb, String type, PolicyPart part, String upstream) {
        sb.append("## Signals to watch\n\n")
                .append("- The pool's replicas over a day against the arrival rate: it should follow the peaks, not chase noise.\n")
                .append("- `vllm:time_to_first_token_seconds` against its objective: the share of requests that meet it.\n")
                .append("- `llm_d_epp_flow_control_pool_saturation` and `llm_d_epp_flow_control_queue_size`: a pool kept too small holds"
                        + " requests in the router.\n");
        sb.append("\n## Roll back\n\n1. Point the autoscaler back at `").append(upstream).append("` (for an HPA: its metric and target).\n")
                .append("2. Nothing in the router changes: the policy runs in the autoscaler.\n");
    }

    /** One of the deployed rules when the candidate decides as it does on 2,000 of the proof's pools, state carried. */
    @Override
    public Optional<UpstreamMatch.Match> upstreamMatch(Candidate candidate) {
        for (String[] u : UPSTREAM) {
            ScalingPolicy theirs = PolicyRegistry.builtin().create(PlugPoint.SCALING, u[0]);
            ScalingPolicy ours = candidate.newInstance(PlugPoint.SCALING);
            CallSequences.SplitMix rng = new CallSequences.SplitMix(0x5ca1eL);
            long[] a = new long[ScalingPolicy.STATE_SIZE];
            long[] b = new long[ScalingPolicy.STATE_SIZE];
            boolean same = true;
            for (int i = 0; i < 2_000 && same; i++) {
                ScalingProof.Pool pool = ScalingProof.draw(rng, i % ScalingProof.DECISIONS);
                same = ScalingProof.ask(ours, pool, a) == ScalingProof.ask(theirs, pool, b);
            }
            if (same) {
                return Optional.of(new UpstreamMatch.Match(u[1], u[0]));
            }
        }
        return Optional.empty();
    }

    @Override
    public String configureInstead(UpstreamMatch.Match m) {
        return "configure that rule in the autoscaler (" + m.pluginType() + ")";
    }

    @Override
    public String canary() {
        return "on one InferencePool's autoscaler";
    }

    @Override
    public String goOnly() {
        return "a scaling policy is exported as a Go package for the autoscaler";
    }

    @Override
    public String exportedAs() {
        return "the scaling policy ";
    }

    @Override
    public String goldenCases() {
        return "golden decisions";
    }

    @Override
    public String fingerprintInputs() {
        return "16 sequences of 40 drawn pools with the state carried, twice on one instance and once on a fresh one";
    }

    @Override
    public String exercisedOn() {
        return "pools of 1 to 64 ready pods, saturation idle to far past 1, KV use empty to full, queues none to thousands";
    }
}
