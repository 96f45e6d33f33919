package io.nous.store.journal;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * A proposer that made no proposal (its {@code kind} is the journal type: no proposal this time, or
 * a reason that stops the run, such as a spent token budget), with its reason.
 */
public record ProposalFailure(@JsonIgnore String kind, int iteration, int attempt, String reason) implements JournalEntry {
    /** No proposal this time; the next iteration may succeed. */
    public static final String FAILED = "proposal-failed";
    /** The token budget is spent: the run ends normally. */
    public static final String BUDGET_EXHAUSTED = "budget-exhausted";
    /** The endpoint or its configuration is unusable: the run ends and the command fails. */
    public static final String ENDPOINT_UNUSABLE = "endpoint-unusable";
    /** Every type this record is journaled under. */
    public static final java.util.List<String> TYPES = java.util.List.of(FAILED, BUDGET_EXHAUSTED, ENDPOINT_UNUSABLE);

    /** The same failure as journaled under {@code type} (the line's type is its kind). */
    public ProposalFailure withKind(String type) {
        return new ProposalFailure(type, iteration, attempt, reason);
    }

    @Override
    public String journalType() {
        return kind;
    }
}
