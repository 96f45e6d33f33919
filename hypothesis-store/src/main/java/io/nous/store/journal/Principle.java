package io.nous.store.journal;

/** A rule distilled from evidence ({@code principle}) and the candidate whose evaluation showed it. */
public record Principle(String principle, String evidence) implements JournalEntry {
    /** The journal line's {@code type}. */
    public static final String TYPE = "principle";

    @Override
    public String journalType() {
        return TYPE;
    }
}
