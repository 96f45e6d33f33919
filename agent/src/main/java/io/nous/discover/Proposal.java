package io.nous.discover;

import java.util.List;

/**
 * A hypothesis bundle: a statement, the mechanism behind it, what it predicts per regime, and the
 * candidate source that tests it, with the parents and operator it came from, and any arms
 * (ablations, controls) that test the mechanism.
 */
public record Proposal(String statement, String mechanism, List<Prediction> predictions, String source,
                       List<String> parents, String operator, List<Arm> arms) {

    /** A bundle without arms. */
    public Proposal(String statement, String mechanism, List<Prediction> predictions, String source, List<String> parents,
                    String operator) {
        this(statement, mechanism, predictions, source, parents, operator, List.of());
    }
}
