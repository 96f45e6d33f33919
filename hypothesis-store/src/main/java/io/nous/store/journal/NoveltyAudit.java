package io.nous.store.journal;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What the search evaluation the loop would have run (racing included) says of a proposal the novelty
 * filter skipped ({@code novelty-audit}): its change, and whether it would have been promoted over the
 * incumbent of the moment. Journaled only with {@code --novelty-audit}; the run's decisions never read it.
 *
 * @param of       the evaluated candidate it was taken for
 * @param distance its signature's distance from that candidate's (absent: an exact behavioural duplicate)
 * @param ofChange that candidate's change on search, for comparison (pooled over the variants each evaluation ran,
 *                 which racing may have cut differently)
 * @param sameAsTwin whether, under every variant both evaluations ran, the proposal's change is that candidate's to the
 *                   last bit: the same policy in simulation (absent in runs from before it was recorded)
 */
public record NoveltyAudit(int iteration, String of, String sha256, @JsonInclude(JsonInclude.Include.NON_NULL) Double distance,
                           @JsonProperty("full_change") double fullChange, @JsonProperty("of_change") double ofChange,
                           @JsonProperty("full_promotable") boolean fullPromotable,
                           @JsonProperty("would_have_been_promoted") boolean wouldHaveBeenPromoted,
                           @JsonProperty("same_as_twin") @JsonInclude(JsonInclude.Include.NON_NULL) Boolean sameAsTwin) implements JournalEntry {
    /** The journal line's {@code type}. */
    public static final String TYPE = "novelty-audit";

    @Override
    public String journalType() {
        return TYPE;
    }
}
