package io.nous.store.journal;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The winner against the policy the router already ships for its problem class, on the test split
 * ({@code upstream-comparison}); {@code same_policy} when the winner is that policy (then nothing
 * was simulated).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record UpstreamComparison(String candidate, String policy, String split, @JsonProperty("same_policy") boolean samePolicy,
                                 Double change, @JsonProperty("ci_low") Double ciLow, @JsonProperty("ci_high") Double ciHigh,
                                 String verdict, String failure) implements JournalEntry {

    /** The winner is the upstream policy. */
    public static UpstreamComparison same(String candidate, String policy, String split) {
        return new UpstreamComparison(candidate, policy, split, true, null, null, null, null, null);
    }

    /** The same comparison without the candidate's name (as the summary carries it, under the winner). */
    public UpstreamComparison withoutCandidate() {
        return new UpstreamComparison(null, policy, split, samePolicy, change, ciLow, ciHigh, verdict, failure);
    }

    @Override
    public String journalType() {
        return "upstream-comparison";
    }
}
