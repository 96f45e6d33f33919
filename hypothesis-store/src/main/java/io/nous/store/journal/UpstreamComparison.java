package io.nous.store.journal;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The winner against one policy the router already ships for its problem class, on the test split
 * ({@code upstream-comparison}; a run of schema 3 or later has one per upstream policy of its class);
 * {@code same_policy} when the winner is that policy (then nothing was simulated).
 *
 * @param worseUnder       the variants under which the winner is worse with confidence (absent: none, or a run from before)
 * @param failedConstraint the first constraint the winner breaks against it, with its detail (absent: none)
 * @param sequential       how the comparison spent its seeds (absent: a fixed number)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record UpstreamComparison(String candidate, String policy, String split, @JsonProperty("same_policy") boolean samePolicy,
                                 Double change, @JsonProperty("ci_low") Double ciLow, @JsonProperty("ci_high") Double ciHigh,
                                 String verdict, String failure,
                                 @JsonInclude(JsonInclude.Include.NON_EMPTY) java.util.List<ScenarioValues> scenarios,
                                 @JsonInclude(JsonInclude.Include.NON_EMPTY) @JsonProperty("worse_under") java.util.List<String> worseUnder,
                                 @JsonProperty("failed_constraint") String failedConstraint,
                                 Evidence.SequentialEvidence sequential)
        implements JournalEntry {
    /** The journal line's {@code type}. */
    public static final String TYPE = "upstream-comparison";


    /** Fields a later version added: a run journaled without them still replays. */
    public static final java.util.List<String> ADDED_FIELDS = java.util.List.of("scenarios", "worse_under", "failed_constraint", "sequential");

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

    public UpstreamComparison(String candidate, String policy, String split, boolean samePolicy, Double change, Double ciLow, Double ciHigh,
                              String verdict, String failure, java.util.List<ScenarioValues> scenarios) {
        this(candidate, policy, split, samePolicy, change, ciLow, ciHigh, verdict, failure, scenarios, null, null, null);
    }

    /**
     * Whether the winner beats this policy: a different policy, compared without failure, better with
     * confidence on the objective, worse under no variant and breaking no constraint against it.
     */
    public boolean beaten() {
        return !samePolicy && failure == null && "better".equals(verdict) && (worseUnder == null || worseUnder.isEmpty())
                && failedConstraint == null;
    }

    /** The winner is the upstream policy. */
    public static UpstreamComparison same(String candidate, String policy, String split) {
        return new UpstreamComparison(candidate, policy, split, true, null, null, null, null, null, null, null, null, null);
    }

    /** The same comparison without the candidate's name (as the summary carries it, under the winner). */
    public UpstreamComparison withoutCandidate() {
        return new UpstreamComparison(null, policy, split, samePolicy, change, ciLow, ciHigh, verdict, failure, scenarios, worseUnder,
                failedConstraint, sequential);
    }

    @Override
    public String journalType() {
        return TYPE;
    }

    /**
     * Of the upstream policies one arm (the winner, or the baseline when nothing won) was compared with,
     * the strongest: the one the arm compares worst with, i.e. the largest change for an objective to
     * lower, the smallest for one to raise, a policy that is the arm itself counting as no change; the
     * first on a tie; null when there is none.
     */
    public static UpstreamComparison strongest(java.util.List<UpstreamComparison> all, boolean lowerIsBetter) {
        UpstreamComparison best = null;
        double bestChange = Double.NaN;
        for (UpstreamComparison c : all) {
            double change = c.samePolicy() ? 0 : c.change() == null ? Double.NaN : c.change();
            if (best == null || (!Double.isNaN(change) && (Double.isNaN(bestChange)
                    || (lowerIsBetter ? change > bestChange : change < bestChange)))) {
                best = c;
                bestChange = change;
            }
        }
        return best;
    }
}
