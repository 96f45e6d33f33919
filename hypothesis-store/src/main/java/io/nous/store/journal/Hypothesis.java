package io.nous.store.journal;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * A proposal as journaled ({@code hypothesis}): the statement, the mechanism it relies on, a
 * prediction per regime, the candidates it descends from, the operator (or proposer) that made it,
 * its source, and the arms that test its mechanism.
 *
 * @param attempt 0 for a first proposal, then one per repair after a rejection
 * @param notes   how a reply that departed from the format was read (the Java under another key, in a
 *                fence, ...); absent when it kept to it
 * @param model   the language model that proposed it, in a run with several (absent otherwise)
 */
public record Hypothesis(int iteration, int attempt, String statement, String mechanism, List<Prediction> predictions,
                         List<String> parents, String operator, String source,
                         @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Arm> arms,
                         @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> notes,
                         @JsonInclude(JsonInclude.Include.NON_NULL) String model) implements JournalEntry {
    /** The journal line's {@code type}. */
    public static final String TYPE = "hypothesis";


    public Hypothesis {
        notes = notes == null ? List.of() : List.copyOf(notes); // absent in the journal when empty
    }

    /** A hypothesis whose proposal kept to the format. */
    public Hypothesis(int iteration, int attempt, String statement, String mechanism, List<Prediction> predictions, List<String> parents,
                      String operator, String source, List<Arm> arms) {
        this(iteration, attempt, statement, mechanism, predictions, parents, operator, source, arms, List.of(), null);
    }

    /** A hypothesis with notes, from a run with one model or none. */
    public Hypothesis(int iteration, int attempt, String statement, String mechanism, List<Prediction> predictions, List<String> parents,
                      String operator, String source, List<Arm> arms, List<String> notes) {
        this(iteration, attempt, statement, mechanism, predictions, parents, operator, source, arms, notes, null);
    }

    @Override
    public String journalType() {
        return TYPE;
    }
}
