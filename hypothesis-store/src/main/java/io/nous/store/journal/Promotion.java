package io.nous.store.journal;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A promising candidate's trial ({@code promotion}): against the incumbent on the search split (when
 * there is one), then against the baseline on the validation split; accepted only if both hold.
 *
 * @param over the incumbent it had to beat, or the baseline's name before there is one
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Promotion(String candidate, String over,
                        @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("search_vs_incumbent") Evidence searchVsIncumbent,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Evidence validation, boolean accepted, String reason)
        implements JournalEntry {
    /** The journal line's {@code type}. */
    public static final String TYPE = "promotion";

    @Override
    public String journalType() {
        return TYPE;
    }
}
