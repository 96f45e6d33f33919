package io.nous.discover;

/** Proposes the next hypothesis bundle; must be a pure function of its context (for resume and replay). */
public interface Proposer {

    String name();

    Proposal propose(ProposalContext context);
}
