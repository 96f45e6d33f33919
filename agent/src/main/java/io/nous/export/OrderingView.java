package io.nous.export;

import io.nous.codegen.Candidate;
import io.nous.codegen.golang.proof.CallSequences;
import io.nous.codegen.golang.proof.QueueItems;
import io.nous.policy.PolicyRegistry;
import io.nous.sim.spi.OrderingPolicy;
import io.nous.sim.spi.PlugPoint;
import java.util.List;
import java.util.Optional;

/**
 * An ordering policy as people read it: which of two queued requests it sends first in a few
 * situations the router's orderings tell apart, and whether it answers exactly as one of them on a
 * seeded set of pairs (then the router's own plugin is configured instead of a copy).
 */
final class OrderingView implements PlugPointView {
    /** The router's orderings, with their plugin types. */
    private static final List<String[]> UPSTREAM = List.of(new String[] {"fcfs", "fcfs-ordering-policy"},
            new String[] {"edf", "edf-ordering-policy"}, new String[] {"slo-deadline", "slo-deadline-ordering-policy"});
    private static final long TTL = QueueItems.DEFAULT_TTL_US;

    /** Two queued requests, a enqueued first, with words for them. */
    private record Pair(String words, long enqueueA, long sloA, long bytesA, long enqueueB, long sloB, long bytesB) {
        String first(OrderingPolicy p) {
            boolean ab = p.less(enqueueA, TTL, sloA, bytesA, enqueueB, TTL, sloB, bytesB);
            boolean ba = p.less(enqueueB, TTL, sloB, bytesB, enqueueA, TTL, sloA, bytesA);
            return ab == ba ? "a (arrival order)" : ab ? "a" : "b";
        }
    }

    private static final List<Pair> PAIRS = List.of(
            new Pair("a and b alike, a enqueued 1 s earlier", 0, -1, 4_956, 1_000_000, -1, 4_956),
            new Pair("a 30,000-token prompt, b 300 tokens 100 ms later", 0, -1, 120_256, 100_000, -1, 1_456),
            new Pair("a without an SLO header, b with 1,000 ms, 1 s later", 0, -1, 4_956, 1_000_000, 1_000, 4_956),
            new Pair("a without an SLO header, b with 1,000 ms, 30 s later", 0, -1, 4_956, 30_000_000, 1_000, 4_956),
            new Pair("a with 5,000 ms, b with 500 ms, 1 s later", 0, 5_000, 4_956, 1_000_000, 500, 4_956),
            new Pair("a with 1,000 ms and 30,000 tokens, b with 1,000 ms and 300 tokens, 100 ms later", 0, 1_000, 120_256, 100_000,
                    1_000, 1_456));

    @Override
    public PlugPoint<?> point() {
        return PlugPoint.ORDERING;
    }

    /** Each pair in words and which request the policy sends first. */
    private static List<String[]> rows(OrderingPolicy p) {
        return PAIRS.stream().map(pair -> new String[] {pair.words(), pair.first(p)}).toList();
    }

    @Override
    public void reviewTable(StringBuilder sb, PolicyPart part) {
        sb.append("Which of two queued requests of a band it dispatches first (the router's default, fcfs, sends the earlier one):\n\n");
        SituationTable.markdown(sb, "requests", "first", rows(part.check().candidate().newInstance(PlugPoint.ORDERING)));
    }

    @Override
    public void reportFigure(StringBuilder sb, PolicyPart part, double[] saturations) {
        SituationTable.html(sb, "two queued requests", "first", rows(part.check().candidate().newInstance(PlugPoint.ORDERING)));
    }

    @Override
    public List<String> risks(PolicyPart part, String which) {
        return List.of(which + "It decides who waits when a band is saturated: a request it keeps putting last waits until its TTL and"
                + " is evicted (429); watch the evictions per flow, not only the latency of the requests it serves.");
    }

    @Override
    public String half() {
        return "ordering";
    }

    @Override
    public void runbook(StringBuilder sb, String type, PolicyPart part, String upstream) {
        sb.append("## Signals to watch\n\n")
                .append("- `llm_d_epp_flow_control_request_queue_duration_seconds{priority}`: how long each band's requests wait, by"
                        + " flow.\n")
                .append("- `llm_d_epp_flow_control_queue_size{priority}`: what the bands hold.\n")
                .append("- Requests rejected for TTL expiry (HTTP 429): the requests it puts last.\n");
        sb.append("\n## Roll back\n\n1. In the EndpointPickerConfig, set the priority bands' `orderingPolicyRef` back to `").append(upstream)
                .append("`.\n2. Roll the EPP Deployment: the config is read at start.\n");
    }

    /** One of the router's orderings when the candidate answers as it does on 2,000 of the proof's pairs, both ways. */
    @Override
    public Optional<UpstreamMatch.Match> upstreamMatch(Candidate candidate) {
        for (String[] u : UPSTREAM) {
            OrderingPolicy theirs = PolicyRegistry.builtin().create(PlugPoint.ORDERING, u[0]);
            OrderingPolicy ours = candidate.newInstance(PlugPoint.ORDERING);
            CallSequences.SplitMix rng = new CallSequences.SplitMix(0x0de5);
            boolean same = true;
            for (int i = 0; i < 2_000 && same; i++) {
                QueueItems.Item a = QueueItems.draw(rng, null);
                QueueItems.Item b = QueueItems.draw(rng, a);
                same = QueueItems.less(ours, a, b) == QueueItems.less(theirs, a, b)
                        && QueueItems.less(ours, b, a) == QueueItems.less(theirs, b, a);
            }
            if (same) {
                return Optional.of(new UpstreamMatch.Match(u[1], u[0]));
            }
        }
        return Optional.empty();
    }

    @Override
    public String configureInstead(UpstreamMatch.Match m) {
        return "set orderingPolicyRef: " + m.pluginType() + " on the priority bands";
    }

    @Override
    public String exportedAs() {
        return "the ordering policy ";
    }

    @Override
    public String goldenCases() {
        return "golden pairs";
    }

    @Override
    public String fingerprintInputs() {
        return "4,096 seeded pairs of queued requests, both ways, twice on one instance and once on a fresh one";
    }

    @Override
    public String exercisedOn() {
        return "pairs of queued requests with the simulator's and a router's clocks, TTLs on and off, SLO headers absent to huge";
    }
}
