package io.nous.discover;

import io.nous.store.RunHistory;
import io.nous.store.journal.Hypothesis;
import io.nous.store.journal.ProposalFailure;
import java.util.ArrayList;
import java.util.List;

/** Replays the proposals a run journaled, in order, whatever proposer made them. */
public final class JournalProposer implements Proposer {
    private final List<Hypothesis> hypotheses = new ArrayList<>();
    private final List<ProposalFailure> failures = new ArrayList<>();
    private final String original;

    public JournalProposer(RunHistory history) {
        hypotheses.addAll(history.all(Hypothesis.class));
        failures.addAll(history.all(ProposalFailure.class));
        this.original = history.config().proposer();
    }

    /** True if the journal holds what this iteration and attempt produced. */
    public boolean has(int iteration, int attempt) {
        return find(iteration, attempt) != null || failure(iteration, attempt) != null;
    }

    private Hypothesis find(int iteration, int attempt) {
        for (Hypothesis h : hypotheses) {
            if (h.iteration() == iteration && h.attempt() == attempt) {
                return h;
            }
        }
        return null;
    }

    private ProposalFailure failure(int iteration, int attempt) {
        for (ProposalFailure f : failures) {
            if (f.iteration() == iteration && f.attempt() == attempt) {
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
        ProposalFailure failed = failure(ctx.iteration(), ctx.attempt());
        if (failed != null) {
            throw new ProposalUnavailable(failed.reason(), ProposalUnavailable.Kind.ofJournalType(failed.kind()));
        }
        Hypothesis h = find(ctx.iteration(), ctx.attempt());
        if (h == null) {
            throw new DiscoveryException("the journal holds no proposal for iteration " + ctx.iteration() + " attempt " + ctx.attempt());
        }
        return Proposal.of(h);
    }
}
