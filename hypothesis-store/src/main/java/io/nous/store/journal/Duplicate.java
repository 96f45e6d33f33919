package io.nous.store.journal;

/** A proposal whose canonical form equals an earlier candidate's ({@code duplicate}); it is not simulated. */
public record Duplicate(int iteration, String of, String sha256) implements JournalEntry {
    @Override
    public String journalType() {
        return "duplicate";
    }
}
