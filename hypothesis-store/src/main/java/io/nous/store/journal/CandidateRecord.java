package io.nous.store.journal;

import java.util.List;

/** A proposal that passed verification and was not a duplicate, named ({@code candidate}); its source is at {@code path}. */
public record CandidateRecord(String id, int iteration, String operator, List<String> parents, String sha256, String path)
        implements JournalEntry {
    @Override
    public String journalType() {
        return "candidate";
    }
}
