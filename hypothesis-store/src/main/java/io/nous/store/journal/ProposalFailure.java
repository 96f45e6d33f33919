package io.nous.store.journal;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * A proposer that made no proposal (its {@code kind} is the journal type: no proposal this time, or
 * a reason that stops the run, such as a spent token budget), with its reason.
 */
public record ProposalFailure(@JsonIgnore String kind, int iteration, int attempt, String reason) implements JournalEntry {
    @Override
    public String journalType() {
        return kind;
    }
}
