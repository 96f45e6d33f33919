package io.nous.store.journal;

import com.fasterxml.jackson.annotation.JsonInclude;

/** The end of an iteration ({@code iteration-done}) and the incumbent after it (null before the first promotion). */
public record IterationDone(int iteration, @JsonInclude(JsonInclude.Include.ALWAYS) String incumbent) implements JournalEntry {
    /** The journal line's {@code type}. */
    public static final String TYPE = "iteration-done";

    @Override
    public String journalType() {
        return TYPE;
    }
}
