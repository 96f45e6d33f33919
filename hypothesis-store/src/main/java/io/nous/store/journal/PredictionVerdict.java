package io.nous.store.journal;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * A hypothesis's predictions against the evidence ({@code verdict}): per regime, what was predicted,
 * what was observed, and the outcome ({@code confirmed}, {@code wrong-direction},
 * {@code wrong-magnitude}, {@code wrong-regime}, or {@code untested} where the split has no such regime).
 */
public record PredictionVerdict(String candidate, List<Outcome> predictions, boolean confirmed) implements JournalEntry {
    /** The journal line's {@code type}. */
    public static final String TYPE = "verdict";


    /** One prediction's outcome. */
    public record Outcome(String regime, @JsonProperty("predicted_direction") String predictedDirection,
                          @JsonProperty("predicted_magnitude") double predictedMagnitude,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Double observed, String outcome) {
    }

    @Override
    public String journalType() {
        return TYPE;
    }
}
