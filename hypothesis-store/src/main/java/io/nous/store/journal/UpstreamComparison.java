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
                                 String verdict, String failure,
                                 @JsonInclude(JsonInclude.Include.NON_EMPTY) java.util.List<ScenarioValues> scenarios)
        implements JournalEntry {
    /** The journal line's {@code type}. */
    public static final String TYPE = "upstream-comparison";


    /** Fields a later version added: a run journaled without them still replays. */
    public static final java.util.List<String> ADDED_FIELDS = java.util.List.of("scenarios");

    /**
     * The objective's value per scenario (nominal deployment, mean over seeds) under the upstream
     * policy and under the winner, so that a large relative change can be read against what it is
     * relative to.
     */
    public record ScenarioValues(String scenario, Double upstream, Double candidate, Double change) {
    }

    public UpstreamComparison(String candidate, String policy, String split, boolean samePolicy, Double change, Double ciLow, Double ciHigh,
                              String verdict, String failure) {
        this(candidate, policy, split, samePolicy, change, ciLow, ciHigh, verdict, failure, null);
    }

    /** The winner is the upstream policy. */
    public static UpstreamComparison same(String candidate, String policy, String split) {
        return new UpstreamComparison(candidate, policy, split, true, null, null, null, null, null, null);
    }

    /** The same comparison without the candidate's name (as the summary carries it, under the winner). */
    public UpstreamComparison withoutCandidate() {
        return new UpstreamComparison(null, policy, split, samePolicy, change, ciLow, ciHigh, verdict, failure, scenarios);
    }

    @Override
    public String journalType() {
        return TYPE;
    }
}
