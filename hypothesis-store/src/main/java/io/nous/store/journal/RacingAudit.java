package io.nous.store.journal;

import com.fasterxml.jackson.annotation.JsonProperty;

/** What the full evaluation says of a candidate racing stopped early ({@code racing-audit}): would it have been promoted? */
public record RacingAudit(String candidate, @JsonProperty("raced_out") String racedOut, @JsonProperty("full_change") double fullChange,
                          @JsonProperty("full_promotable") boolean fullPromotable,
                          @JsonProperty("would_have_been_promoted") boolean wouldHaveBeenPromoted) implements JournalEntry {
    /** The journal line's {@code type}. */
    public static final String TYPE = "racing-audit";

    @Override
    public String journalType() {
        return TYPE;
    }
}
