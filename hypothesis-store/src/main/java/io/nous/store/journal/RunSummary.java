package io.nous.store.journal;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * A run's outcome in one file ({@code summary.json}): counts, why it stopped, the principles it
 * learned, and the winner with its search and test results and its comparison with the upstream
 * policy ({@code best} is null when nothing was promoted), and for LLM runs what the model cost.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record RunSummary(@JsonProperty("run_id") String runId, String objective, String proposer, int iterations, int evaluations,
                         int duplicates, int rejected, @JsonInclude(JsonInclude.Include.NON_NULL) RunStopped stopped,
                         List<String> principles, @JsonInclude(JsonInclude.Include.ALWAYS) Best best,
                         @JsonInclude(JsonInclude.Include.NON_NULL) LlmUsage llm,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Front front,
                         @JsonInclude(JsonInclude.Include.NON_EMPTY) @JsonProperty("baseline_vs_upstream") List<UpstreamComparison> bar) {

    public RunSummary(String runId, String objective, String proposer, int iterations, int evaluations, int duplicates, int rejected,
                      RunStopped stopped, List<String> principles, Best best, LlmUsage llm) {
        this(runId, objective, proposer, iterations, evaluations, duplicates, rejected, stopped, principles, best, llm, null, null);
    }

    public RunSummary(String runId, String objective, String proposer, int iterations, int evaluations, int duplicates, int rejected,
                      RunStopped stopped, List<String> principles, Best best, LlmUsage llm, Front front) {
        this(runId, objective, proposer, iterations, evaluations, duplicates, rejected, stopped, principles, best, llm, front, null);
    }

    /**
     * The same summary with the baseline measured against every upstream policy on test (a run with no
     * winner, schema 3 on): which of them to keep. Empty leaves it out.
     */
    public RunSummary withBar(List<UpstreamComparison> comparisons) {
        return new RunSummary(runId, objective, proposer, iterations, evaluations, duplicates, rejected, stopped, principles, best, llm, front,
                comparisons == null || comparisons.isEmpty() ? null : List.copyOf(comparisons));
    }

    /** The same summary with what the language model cost (runs with the LLM proposer). */
    public RunSummary withLlm(LlmUsage costs) {
        return new RunSummary(runId, objective, proposer, iterations, evaluations, duplicates, rejected, stopped, principles, best, costs, front,
                bar);
    }

    /** The same summary with the run's trade-off front (runs with {@code --front}), as its journal's front records place it. */
    public RunSummary withFront(Front f) {
        return new RunSummary(runId, objective, proposer, iterations, evaluations, duplicates, rejected, stopped, principles, best, llm, f, bar);
    }

    /**
     * A {@code --front} run's trade-off front: on search, the members no other candidate dominates (and
     * the upstream policy, placed among them); on validation and test, each confirmed member paired with
     * the upstream policy; and the members that dominate it on both.
     *
     * @param objectives        the objectives traded off, in order
     * @param upstream          the policy the router ships for the class
     * @param members           one row per member and split
     * @param dominatesUpstream members that dominate the upstream policy on validation and test under every variant
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Front(List<String> objectives, String upstream, List<Member> members,
                        @JsonProperty("dominates_upstream") List<String> dominatesUpstream) {
    }

    /**
     * One member on one split: its change per objective (nominal variant; value, 95 % interval), whether
     * it is on that split's front, whether it is the upstream policy, and on validation and test its
     * relation to the upstream policy ({@code dominates}, {@code dominated}, {@code neither}).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Member(String candidate, String split, @JsonProperty("on_front") boolean onFront, boolean upstream,
                         @JsonInclude(JsonInclude.Include.NON_NULL) java.util.Map<String, Result> values,
                         @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("vs_upstream") String vsUpstream,
                         @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("not_placed") String notPlaced) {
    }

    /** The same summary with the winner's source file at another path (no winner: unchanged). */
    public RunSummary withBestSourcePath(String path) {
        return best == null ? this : new RunSummary(runId, objective, proposer, iterations, evaluations, duplicates, rejected, stopped,
                principles, new Best(best.candidateId(), path, best.objective(), best.search(), best.test(), best.vsUpstream(),
                best.vsEveryUpstream()), llm, front, bar);
    }

    /** The winner. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Best(@JsonProperty("candidate_id") String candidateId, @JsonProperty("source_path") String sourcePath,
                       String objective, Result search, @JsonInclude(JsonInclude.Include.NON_NULL) Result test,
                       @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("vs_upstream") UpstreamComparison vsUpstream,
                       @JsonInclude(JsonInclude.Include.NON_EMPTY) @JsonProperty("vs_every_upstream") List<UpstreamComparison> vsEveryUpstream) {

        /** A winner measured against one upstream policy (runs before schema 3). */
        public Best(String candidateId, String sourcePath, String objective, Result search, Result test, UpstreamComparison vsUpstream) {
            this(candidateId, sourcePath, objective, search, test, vsUpstream, null);
        }

        /** Every upstream policy the winner was measured against: {@code vs_every_upstream}, or the one {@code vs_upstream}. */
        public List<UpstreamComparison> upstreams() {
            return vsEveryUpstream != null && !vsEveryUpstream.isEmpty() ? vsEveryUpstream
                    : vsUpstream == null ? List.of() : List.of(vsUpstream);
        }
    }

    /**
     * A score on one split; on the test split also whether it held there (better with confidence and every
     * constraint kept).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Result(double change, @JsonProperty("ci_low") double ciLow, @JsonProperty("ci_high") double ciHigh, String verdict,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Boolean held) {
    }
}
