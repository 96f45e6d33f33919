package io.nous.discover.llm;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * One HTTP attempt to the model, as {@code runs/<id>/llm/NNNNN.json} keeps it: where in the run it
 * happened, the prompt (and its hash and version), and either the reply with its token counts or
 * the error. Never the credentials.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record Exchange(int iteration, @JsonProperty("proposal_attempt") int proposalAttempt, @JsonProperty("reply_repair") int replyRepair,
                @JsonProperty("http_attempt") int httpAttempt, String model, @JsonProperty("prompt_version") String promptVersion,
                @JsonProperty("prompt_sha256") String promptSha256, List<Message> request, @JsonProperty("latency_ms") long latencyMs,
                String response, @JsonProperty("input_tokens") Integer inputTokens, @JsonProperty("output_tokens") Integer outputTokens,
                @JsonProperty("finish_reason") String finishReason, String error) {

    /** One message of the prompt. */
    record Message(String role, String text) {
    }
}
