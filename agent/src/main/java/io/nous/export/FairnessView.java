package io.nous.export;

import io.nous.codegen.Candidate;
import io.nous.policy.PolicyRegistry;
import io.nous.sim.spi.FairnessPolicy;
import io.nous.sim.spi.PlugPoint;
import java.util.List;
import java.util.Optional;

/**
 * A fairness policy as people read it: which tenant of a band it serves over a few picks in
 * situations the router's policies tell apart (a heavy tenant beside light ones, equal tenants), and
 * whether it picks exactly as one of them on those sequences.
 */
final class FairnessView implements PlugPointView {

    /** A band's flows for a sequence of picks: ids, queue lengths and head ranks (constant over the picks). */
    private record Band(String words, int[] ids, int[] queued, int[] rank) {
        /** The tenants served over six picks, as ids. */
        String picks(FairnessPolicy p) {
            long[] state = new long[FairnessPolicy.STATE_SIZE];
            long[] zeros = new long[ids.length];
            long[] none = new long[ids.length];
            java.util.Arrays.fill(none, -1);
            StringBuilder sb = new StringBuilder();
            for (int k = 0; k < 6; k++) {
                int i = p.pick(ids.length, ids.clone(), queued.clone(), rank.clone(), zeros.clone(), zeros.clone(), none.clone(), state);
                sb.append(k == 0 ? "" : ", ").append(i >= 0 && i < ids.length ? "tenant " + ids[i] : "none");
            }
            return sb.toString();
        }
    }

    private static final List<Band> BANDS = List.of(
            new Band("tenant 1 holds 50 requests and its next came first; tenants 2 and 3 hold 2 each", new int[] {1, 2, 3},
                    new int[] {50, 2, 2}, new int[] {0, 1, 2}),
            new Band("three tenants of 5 requests each, tenant 3's next came first", new int[] {1, 2, 3}, new int[] {5, 5, 5},
                    new int[] {2, 1, 0}),
            new Band("tenant 7 alone, with 10 requests", new int[] {7}, new int[] {10}, new int[] {0}));

    @Override
    public PlugPoint<?> point() {
        return PlugPoint.FAIRNESS;
    }

    /** Each band in words and the tenants the policy serves over six picks. */
    private static List<String[]> rows(FairnessPolicy p) {
        return BANDS.stream().map(b -> new String[] {b.words(), b.picks(p)}).toList();
    }

    @Override
    public void reviewTable(StringBuilder sb, PolicyPart part) {
        sb.append("Which tenant of a saturated band it serves, over six picks in a row (the router's default, global-strict, serves the"
                + " request that came first, whoever sent it):\n\n");
        SituationTable.markdown(sb, "band", "served", rows(part.check().candidate().newInstance(PlugPoint.FAIRNESS)));
    }

    @Override
    public void reportFigure(StringBuilder sb, PolicyPart part, double[] saturations) {
        SituationTable.html(sb, "band", "served over six picks", rows(part.check().candidate().newInstance(PlugPoint.FAIRNESS)));
    }

    @Override
    public List<String> risks(PolicyPart part, String which) {
        return List.of(which + "It decides which tenant a saturated band serves next: a tenant it keeps passing over waits until its "
                + "TTL and is evicted (429); watch the evictions per flow, not only the latency of the requests it serves.");
    }

    @Override
    public String half() {
        return "fairness";
    }

    @Override
    public void runbook(StringBuilder sb, String type, PolicyPart part, String upstream) {
        sb.append("## Signals to watch\n\n")
                .append("- `llm_d_epp_flow_control_request_queue_duration_seconds{priority}`: how long each band's requests wait, by"
                        + " flow.\n")
                .append("- Requests rejected for TTL expiry (HTTP 429), by tenant: the tenants it passes over.\n");
        sb.append("\n## Roll back\n\n1. In the EndpointPickerConfig, set the priority bands' `fairnessPolicyRef` back to `").append(upstream)
                .append("`.\n2. Roll the EPP Deployment: the config is read at start.\n");
    }

    /** One of the router's policies when the candidate serves the same tenants in every sequence the view shows. */
    @Override
    public Optional<UpstreamMatch.Match> upstreamMatch(Candidate candidate) {
        for (String[] u : new String[][] {{"global-strict", "global-strict-fairness-policy"}, {"round-robin", "round-robin-fairness-policy"}}) {
            FairnessPolicy theirs = PolicyRegistry.builtin().create(PlugPoint.FAIRNESS, u[0]);
            boolean same = true;
            for (Band b : BANDS) {
                same &= b.picks(candidate.newInstance(PlugPoint.FAIRNESS)).equals(b.picks(theirs));
            }
            if (same) {
                return Optional.of(new UpstreamMatch.Match(u[1], u[0]));
            }
        }
        return Optional.empty();
    }

    @Override
    public String configureInstead(UpstreamMatch.Match m) {
        return "set fairnessPolicyRef: " + m.pluginType() + " on the priority bands";
    }

    @Override
    public String exportedAs() {
        return "the fairness policy ";
    }

    @Override
    public String fingerprintInputs() {
        return "24 seeded sequences of 32 picks on one band state, 1 to 64 flows";
    }

    @Override
    public String exercisedOn() {
        return "bands of 1 to 64 flows holding one request to thousands, ranks, enqueue times, sizes and SLO headers drawn, 32 picks "
                + "on one state";
    }

    @Override
    public String goldenCases() {
        return "golden picks";
    }
}
