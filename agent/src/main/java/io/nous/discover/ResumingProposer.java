package io.nous.discover;

import io.nous.store.RunHistory;

/**
 * For a resumed run: proposals already in the journal come from the journal (a model is never
 * asked twice for the same iteration, and its answer cannot change); new iterations go to the live
 * proposer.
 */
public final class ResumingProposer implements Proposer {
    private final JournalProposer journaled;
    private final Proposer live;

    public ResumingProposer(RunHistory history, Proposer live) {
        this.journaled = new JournalProposer(history);
        this.live = live;
    }

    @Override
    public String name() {
        return live.name();
    }

    @Override
    public Proposal propose(ProposalContext ctx) {
        return journaled.has(ctx.iteration(), ctx.attempt()) ? journaled.propose(ctx) : live.propose(ctx);
    }
}
