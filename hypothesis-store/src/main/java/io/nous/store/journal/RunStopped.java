package io.nous.store.journal;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Why a run stopped proposing ({@code run-stopped}): {@code budget}, {@code time-limit},
 * {@code target} or {@code proposer} (then {@code kind} is the proposer's journal type), a sentence
 * for people, and the iterations done.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record RunStopped(String reason, String detail, @JsonInclude(JsonInclude.Include.NON_NULL) String kind,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Integer iterations) implements JournalEntry {
    /** The journal line's {@code type}. */
    public static final String TYPE = "run-stopped";

    @Override
    public String journalType() {
        return TYPE;
    }
}
