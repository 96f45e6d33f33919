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
                         @JsonInclude(JsonInclude.Include.NON_NULL) LlmUsage llm) {

    /** The same summary with what the language model cost (runs with the LLM proposer). */
    public RunSummary withLlm(LlmUsage costs) {
        return new RunSummary(runId, objective, proposer, iterations, evaluations, duplicates, rejected, stopped, principles, best, costs);
    }

    /** The same summary with the winner's source file at another path (no winner: unchanged). */
    public RunSummary withBestSourcePath(String path) {
        return best == null ? this : new RunSummary(runId, objective, proposer, iterations, evaluations, duplicates, rejected, stopped,
                principles, new Best(best.candidateId(), path, best.objective(), best.search(), best.test(), best.vsUpstream()), llm);
    }

    /** The winner. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Best(@JsonProperty("candidate_id") String candidateId, @JsonProperty("source_path") String sourcePath,
                       String objective, Result search, @JsonInclude(JsonInclude.Include.NON_NULL) Result test,
                       @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("vs_upstream") UpstreamComparison vsUpstream) {
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
