package io.nous.store.journal;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.math.BigDecimal;
import java.util.List;

/**
 * What the language model of an LLM run cost ({@code summary.json}'s {@code llm}), counted from its
 * recorded exchanges: calls, tokens, the estimated dollars when prices were given, the share of each
 * promoted candidate, and how many proposals were usable.
 *
 * @param estimatedCostUsd to a micro-dollar; absent without prices
 * @param proposals        absent in runs from before proposals were counted
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LlmUsage(String model, @JsonProperty("base_url") String baseUrl, int exchanges, @JsonProperty("failed_calls") int failedCalls,
                       @JsonProperty("input_tokens") long inputTokens, @JsonProperty("output_tokens") long outputTokens,
                       @JsonProperty("estimated_cost_usd") BigDecimal estimatedCostUsd, List<PromotedCost> promoted, Proposals proposals) {

    /** The tokens spent in the iteration that proposed one promoted candidate. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record PromotedCost(String candidate, @JsonProperty("input_tokens") long inputTokens,
                               @JsonProperty("output_tokens") long outputTokens,
                               @JsonProperty("estimated_cost_usd") BigDecimal estimatedCostUsd) {
    }

    /** Proposals asked for, replies read (and read outside the format), rejected before simulation, usable. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Proposals(int asked, int read, @JsonProperty("read_with_notes") int readWithNotes,
                            @JsonProperty("rejected_before_simulation") int rejectedBeforeSimulation, int usable) {
    }

    /** Dollars to a micro-dollar (small test runs cost fractions of a cent), as the summary writes them. */
    public static BigDecimal usd(double v) {
        BigDecimal d = BigDecimal.valueOf(v).setScale(6, java.math.RoundingMode.HALF_EVEN).stripTrailingZeros();
        return d.scale() < 0 ? d.setScale(0) : d;
    }
}
