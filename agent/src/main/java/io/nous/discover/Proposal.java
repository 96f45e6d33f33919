package io.nous.discover;

import io.nous.store.journal.Arm;
import io.nous.store.journal.Hypothesis;
import io.nous.store.journal.Prediction;
import java.util.List;

/**
 * A hypothesis bundle: a statement, the mechanism behind it, what it predicts per regime, and the
 * candidate source that tests it, with the parents and operator it came from, and any arms
 * (ablations, controls) that test the mechanism, and notes on how a reply that departed from the
 * proposer's format was read.
 */
public record Proposal(String statement, String mechanism, List<Prediction> predictions, String source,
                       List<String> parents, String operator, List<Arm> arms, List<String> notes, String model) {

    /** A bundle from a run with one model or none. */
    public Proposal(String statement, String mechanism, List<Prediction> predictions, String source, List<String> parents,
                    String operator, List<Arm> arms, List<String> notes) {
        this(statement, mechanism, predictions, source, parents, operator, arms, notes, null);
    }

    /** The same bundle, proposed by the ensemble's model {@code name}. */
    public Proposal byModel(String name) {
        return new Proposal(statement, mechanism, predictions, source, parents, operator, arms, notes, name);
    }

    /** A bundle with arms that kept to the format. */
    public Proposal(String statement, String mechanism, List<Prediction> predictions, String source, List<String> parents,
                    String operator, List<Arm> arms) {
        this(statement, mechanism, predictions, source, parents, operator, arms, List.of());
    }

    /** A bundle without arms. */
    public Proposal(String statement, String mechanism, List<Prediction> predictions, String source, List<String> parents,
                    String operator) {
        this(statement, mechanism, predictions, source, parents, operator, List.of(), List.of());
    }

    /** The bundle as journaled for an iteration and repair attempt. */
    public Hypothesis hypothesis(int iteration, int attempt) {
        return new Hypothesis(iteration, attempt, statement, mechanism, predictions, parents, operator, source, arms, notes, model);
    }

    /** A journaled hypothesis as the bundle it was. */
    public static Proposal of(Hypothesis h) {
        return new Proposal(h.statement(), h.mechanism(), List.copyOf(h.predictions()), h.source(), List.copyOf(h.parents()), h.operator(),
                h.arms() == null ? List.of() : List.copyOf(h.arms()), h.notes() == null ? List.of() : List.copyOf(h.notes()), h.model());
    }
}
