package io.nous.store.journal;

import java.util.List;

/** A proposal refused before simulation ({@code verification}, {@code ok} false), with one line per problem. */
public record Rejection(int iteration, boolean ok, List<String> problems) implements JournalEntry {
    /** The journal line's {@code type}. */
    public static final String TYPE = "verification";

    public Rejection(int iteration, List<String> problems) {
        this(iteration, false, problems);
    }

    @Override
    public String journalType() {
        return TYPE;
    }
}
