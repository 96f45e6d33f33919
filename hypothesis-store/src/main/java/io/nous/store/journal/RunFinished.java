package io.nous.store.journal;

import com.fasterxml.jackson.annotation.JsonInclude;

/** The run's last record ({@code run-finished}): how many of each outcome, and the winner (null when none). */
public record RunFinished(int iterations, int evaluations, int duplicates, int rejected,
                          @JsonInclude(JsonInclude.Include.ALWAYS) String best) implements JournalEntry {
    /** The journal line's {@code type}. */
    public static final String TYPE = "run-finished";

    @Override
    public String journalType() {
        return TYPE;
    }
}
