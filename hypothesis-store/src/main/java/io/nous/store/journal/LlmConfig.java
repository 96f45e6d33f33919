package io.nous.store.journal;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * The language model a run asked (its {@code config.json}'s {@code llm}): where, which model, how
 * each call is made and retried, the run's token budget and the prices its cost is estimated at.
 * The API key is never stored: it comes from the environment.
 *
 * @param maxTokensTotal tokens in + out after which the run stops cleanly (0 = no limit)
 * @param jsonMode       the reply format asked: {@code schema}, {@code object}, or absent for plain text;
 *                       runs from before formats had names recorded {@code true} for {@code object}
 * @param ensemble       with more than one model: every model proposals are spread over, each with its
 *                       endpoint and prices (the first is {@code base_url}, {@code model} and the prices
 *                       above); absent for one model, as in runs from before ensembles
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record LlmConfig(@JsonProperty("base_url") String baseUrl, String model, double temperature,
                        @JsonProperty("max_tokens") int maxTokens, @JsonProperty("timeout_ms") long timeoutMs,
                        @JsonProperty("max_attempts") int maxAttempts, @JsonProperty("backoff_ms") long backoffMs,
                        @JsonProperty("max_tokens_total") long maxTokensTotal,
                        @JsonProperty("usd_per_million_in") double usdPerMillionIn,
                        @JsonProperty("usd_per_million_out") double usdPerMillionOut,
                        @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("json_mode") Object jsonMode,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Member> ensemble) {

    public LlmConfig {
        ensemble = ensemble == null ? List.of() : List.copyOf(ensemble);
    }

    /** One model of an ensemble: where it is served and what it costs. */
    public record Member(@JsonProperty("base_url") String baseUrl, String model,
                         @JsonProperty("usd_per_million_in") double usdPerMillionIn,
                         @JsonProperty("usd_per_million_out") double usdPerMillionOut) {
        /** What {@code in} and {@code out} tokens cost at this model's prices, in USD. */
        public double usd(long in, long out) {
            return (in * usdPerMillionIn + out * usdPerMillionOut) / 1e6;
        }
    }

    /** Every model the run proposes with: the ensemble, or the one model. */
    public List<Member> members() {
        return ensemble.isEmpty() ? List.of(new Member(baseUrl, model, usdPerMillionIn, usdPerMillionOut)) : ensemble;
    }

    /** The member named {@code name}, or the first when no member has that name. */
    public Member member(String name) {
        return members().stream().filter(m -> m.model().equals(name)).findFirst().orElse(members().get(0));
    }

    /** The reply format as text: {@code schema}, {@code object}, {@code true} (an older run's object) or null. */
    public String jsonModeName() {
        return jsonMode == null ? null : String.valueOf(jsonMode);
    }

    /** Whether its cost can be estimated (a price was given). */
    public boolean priced() {
        return members().stream().anyMatch(m -> m.usdPerMillionIn() > 0 || m.usdPerMillionOut() > 0);
    }
}
