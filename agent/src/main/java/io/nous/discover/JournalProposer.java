package io.nous.discover;

import com.fasterxml.jackson.databind.JsonNode;
import io.nous.store.JournalRecord;
import java.util.ArrayList;
import java.util.List;

/** Replays the proposals a run journaled, in order, whatever proposer made them. */
public final class JournalProposer implements Proposer {
    private final List<JsonNode> hypotheses = new ArrayList<>();
    private final List<JournalRecord> failures = new ArrayList<>();
    private final String original;

    public JournalProposer(List<JournalRecord> records, String original) {
        for (JournalRecord r : records) {
            if (r.type().equals("hypothesis")) {
                hypotheses.add(r.body());
            } else if (ProposalUnavailable.Kind.ofJournalType(r.type()) != null) {
                failures.add(r);
            }
        }
        this.original = original;
    }

    /** True if the journal holds what this iteration and attempt produced. */
    public boolean has(int iteration, int attempt) {
        return find(iteration, attempt) != null || failure(iteration, attempt) != null;
    }

    private JsonNode find(int iteration, int attempt) {
        for (JsonNode x : hypotheses) {
            if (x.get("iteration").asInt() == iteration && x.path("attempt").asInt() == attempt) {
                return x;
            }
        }
        return null;
    }

    private JournalRecord failure(int iteration, int attempt) {
        for (JournalRecord f : failures) {
            if (f.body().get("iteration").asInt() == iteration && f.body().get("attempt").asInt() == attempt) {
                return f;
            }
        }
        return null;
    }

    /** How many proposals the journal holds (repair attempts included). */
    public int size() {
        return hypotheses.size();
    }

    @Override
    public String name() {
        return original;
    }

    @Override
    public Proposal propose(ProposalContext ctx) {
        JournalRecord failed = failure(ctx.iteration(), ctx.attempt());
        if (failed != null) {
            throw new ProposalUnavailable(failed.body().get("reason").asText(), ProposalUnavailable.Kind.ofJournalType(failed.type()));
        }
        JsonNode h = find(ctx.iteration(), ctx.attempt());
        if (h == null) {
            throw new DiscoveryException("the journal holds no proposal for iteration " + ctx.iteration() + " attempt " + ctx.attempt());
        }
        List<Prediction> preds = new ArrayList<>();
        h.get("predictions").forEach(p -> preds.add(new Prediction(p.get("regime").asText(), p.get("direction").asText(),
                p.get("magnitude").asDouble())));
        List<String> parents = new ArrayList<>();
        h.get("parents").forEach(p -> parents.add(p.asText()));
        List<Arm> arms = new ArrayList<>();
        h.path("arms").forEach(a -> arms.add(new Arm(a.get("role").asText(), a.get("purpose").asText(), a.get("source").asText())));
        return new Proposal(h.get("statement").asText(), h.get("mechanism").asText(), List.copyOf(preds), h.get("source").asText(),
                List.copyOf(parents), h.get("operator").asText(), List.copyOf(arms));
    }
}
