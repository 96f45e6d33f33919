package io.nous.store.journal;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * A proposal that passed verification and was not a duplicate, named ({@code candidate}); its source is at {@code path}.
 * {@code sha256} identifies its behaviour (the hash of its canonical form); {@code sourceSha256} is the hash of the
 * file's exact bytes, which every reader of the run checks the file against (null in runs written before it was kept).
 */
public record CandidateRecord(String id, int iteration, String operator, List<String> parents, String sha256, String path,
                              @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("source_sha256") String sourceSha256)
        implements JournalEntry {
    /** The journal line's {@code type}. */
    public static final String TYPE = "candidate";

    /** Fields a later version added to this record: a run journaled without them still replays. */
    public static final List<String> ADDED_FIELDS = List.of("source_sha256");

    @Override
    public String journalType() {
        return TYPE;
    }
}
