package io.nous.store.journal;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * A proposal as journaled ({@code hypothesis}): the statement, the mechanism it relies on, a
 * prediction per regime, the candidates it descends from, the operator (or proposer) that made it,
 * its source, and the arms that test its mechanism.
 *
 * @param attempt 0 for a first proposal, then one per repair after a rejection
 */
public record Hypothesis(int iteration, int attempt, String statement, String mechanism, List<Prediction> predictions,
                         List<String> parents, String operator, String source,
                         @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Arm> arms) implements JournalEntry {
    @Override
    public String journalType() {
        return "hypothesis";
    }
}
