package io.nous.store.journal;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The language model a run asked (its {@code config.json}'s {@code llm}): where, which model, how
 * each call is made and retried, the run's token budget and the prices its cost is estimated at.
 * The API key is never stored: it comes from the environment.
 *
 * @param maxTokensTotal tokens in + out after which the run stops cleanly (0 = no limit)
 * @param jsonMode       the reply format asked: {@code schema}, {@code object}, or absent for plain text;
 *                       runs from before formats had names recorded {@code true} for {@code object}
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record LlmConfig(@JsonProperty("base_url") String baseUrl, String model, double temperature,
                        @JsonProperty("max_tokens") int maxTokens, @JsonProperty("timeout_ms") long timeoutMs,
                        @JsonProperty("max_attempts") int maxAttempts, @JsonProperty("backoff_ms") long backoffMs,
                        @JsonProperty("max_tokens_total") long maxTokensTotal,
                        @JsonProperty("usd_per_million_in") double usdPerMillionIn,
                        @JsonProperty("usd_per_million_out") double usdPerMillionOut,
                        @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("json_mode") Object jsonMode) {

    /** The reply format as text: {@code schema}, {@code object}, {@code true} (an older run's object) or null. */
    public String jsonModeName() {
        return jsonMode == null ? null : String.valueOf(jsonMode);
    }

    /** Whether its cost can be estimated (a price was given). */
    public boolean priced() {
        return usdPerMillionIn > 0 || usdPerMillionOut > 0;
    }
}
