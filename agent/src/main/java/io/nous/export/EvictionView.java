package io.nous.export;

import io.nous.codegen.Candidate;
import io.nous.codegen.golang.proof.CallSequences;
import io.nous.codegen.golang.proof.QueueItems;
import io.nous.policy.PolicyRegistry;
import io.nous.sim.spi.EvictionPolicy;
import io.nous.sim.spi.PlugPoint;
import java.util.List;
import java.util.Optional;

/**
 * An eviction policy as people read it: which of two dispatched requests it revokes first in a few
 * situations the router's pair decides plainly, whether it would ever revoke a critical request, and
 * whether it answers exactly as the router's pair on a seeded set of pairs.
 */
final class EvictionView implements PlugPointView {

    /** Two dispatched requests with words for them. */
    private record Pair(String words, int priorityA, long dispatchA, long bytesA, int priorityB, long dispatchB, long bytesB) {
        String first(EvictionPolicy p) {
            boolean acceptA = p.accept(priorityA, dispatchA, bytesA, -1);
            boolean acceptB = p.accept(priorityB, dispatchB, bytesB, -1);
            if (!acceptA && !acceptB) {
                return "neither may be evicted";
            }
            if (acceptA != acceptB) {
                return acceptA ? "a (b may not be evicted)" : "b (a may not be evicted)";
            }
            boolean ab = p.less(priorityA, dispatchA, bytesA, -1, priorityB, dispatchB, bytesB, -1);
            boolean ba = p.less(priorityB, dispatchB, bytesB, -1, priorityA, dispatchA, bytesA, -1);
            if (ab != ba) {
                return ab ? "a" : "b";
            }
            return dispatchA >= dispatchB ? "a (newer)" : "b (newer)";
        }
    }

    private static final List<Pair> PAIRS = List.of(
            new Pair("two sheddable requests alike, a dispatched 10 s after b", -1, 10_000_000, 4_956, -1, 0, 4_956),
            new Pair("a sheddable 30,000-token prompt, b a 300-token one dispatched 1 s later", -1, 0, 120_256, -1, 1_000_000, 1_456),
            new Pair("a sheddable dispatched 60 s ago, b sheddable dispatched now", -1, 0, 4_956, -1, 60_000_000, 4_956),
            new Pair("a at priority -2, b at -1 dispatched earlier", -2, 10_000_000, 4_956, -1, 0, 4_956),
            new Pair("a critical (priority 0), b sheddable", 0, 10_000_000, 4_956, -1, 0, 4_956));

    @Override
    public PlugPoint<?> point() {
        return PlugPoint.EVICTION;
    }

    /** Each pair in words and which request the policy revokes first. */
    private static List<String[]> rows(EvictionPolicy p) {
        return PAIRS.stream().map(pair -> new String[] {pair.words(), pair.first(p)}).toList();
    }

    @Override
    public void reviewTable(StringBuilder sb, PolicyPart part) {
        sb.append("Which of two dispatched requests it revokes first when critical work waits (the router's pair: only sheddable "
                + "requests, the lowest priority, then the newest):\n\n");
        SituationTable.markdown(sb, "requests", "revoked first", rows(part.check().candidate().newInstance(PlugPoint.EVICTION)));
    }

    @Override
    public void reportFigure(StringBuilder sb, PolicyPart part, double[] saturations) {
        SituationTable.html(sb, "two dispatched requests", "revoked first", rows(part.check().candidate().newInstance(PlugPoint.EVICTION)));
    }

    @Override
    public List<String> risks(PolicyPart part, String which) {
        EvictionPolicy p = part.check().candidate().newInstance(PlugPoint.EVICTION);
        String critical = p.accept(0, 0, 4_956, -1) ? which + "It lets critical requests be revoked (for a band above theirs): a "
                + "client that sent a critical request may get a 429 after its first tokens." : null;
        String work = which + "Every request it revokes is work thrown away and a 429 to a client that may retry: watch the evictions "
                + "as well as the critical latency.";
        return critical == null ? List.of(work) : List.of(critical, work);
    }

    @Override
    public String half() {
        return "eviction";
    }

    @Override
    public void runbook(StringBuilder sb, String type, PolicyPart part, String upstream) {
        sb.append("## Signals to watch\n\n")
                .append("- `llm_d_epp_flow_control_revocations_issued_total`: leases revoked, by the waiting band's priority.\n")
                .append("- Responses with `x-llm-d-request-dropped-reason: evicted` (HTTP 429): the requests it revoked.\n")
                .append("- `llm_d_epp_flow_control_request_queue_duration_seconds{priority}`: how long critical requests still wait.\n");
        sb.append("\n## Roll back\n\n1. Restore the router's eviction pair (`").append(upstream)
                .append("` with the sheddable filter), or set `flowControl.enableEviction: false`.\n2. Roll the EPP Deployment.\n");
    }

    /** The router's pair when the candidate filters and orders as it does on 2,000 drawn pairs, both ways. */
    @Override
    public Optional<UpstreamMatch.Match> upstreamMatch(Candidate candidate) {
        EvictionPolicy theirs = PolicyRegistry.builtin().create(PlugPoint.EVICTION, "priority-then-time");
        EvictionPolicy ours = candidate.newInstance(PlugPoint.EVICTION);
        CallSequences.SplitMix rng = new CallSequences.SplitMix(0xe71c);
        int[] priorities = {-2, -1, -1, 0, 1};
        for (int i = 0; i < 2_000; i++) {
            QueueItems.Item a = QueueItems.draw(rng, null);
            QueueItems.Item b = QueueItems.draw(rng, a);
            int pa = priorities[rng.below(priorities.length)];
            int pb = rng.below(2) == 0 ? pa : priorities[rng.below(priorities.length)];
            if (ours.accept(pa, a.enqueueUs(), a.bytes(), a.sloTtftMs()) != theirs.accept(pa, a.enqueueUs(), a.bytes(), a.sloTtftMs())
                    || ours.less(pa, a.enqueueUs(), a.bytes(), a.sloTtftMs(), pb, b.enqueueUs(), b.bytes(), b.sloTtftMs())
                    != theirs.less(pa, a.enqueueUs(), a.bytes(), a.sloTtftMs(), pb, b.enqueueUs(), b.bytes(), b.sloTtftMs())) {
                return Optional.empty();
            }
        }
        return Optional.of(new UpstreamMatch.Match("priority-then-time-eviction-order-policy", "priority-then-time"));
    }

    @Override
    public String configureInstead(UpstreamMatch.Match m) {
        return "keep the router's own eviction pair (sheddable-eviction-filter and " + m.pluginType() + ")";
    }

    @Override
    public String exportedAs() {
        return "the eviction policy ";
    }

    @Override
    public String goldenCases() {
        return "golden pairs";
    }

    @Override
    public String fingerprintInputs() {
        return "4,096 seeded pairs of dispatched requests, filtered and compared both ways, twice on one instance and once on a "
                + "fresh one";
    }

    @Override
    public String exercisedOn() {
        return "pairs of dispatched requests at priorities from the lowest to the highest, clocks near and far, payloads and SLO "
                + "headers absent to huge";
    }
}
