package io.nous.discover;

import java.util.List;

/**
 * A hypothesis bundle: a statement, the mechanism behind it, what it predicts per regime, and the
 * candidate source that tests it, with the parents and operator it came from.
 */
public record Proposal(String statement, String mechanism, List<Prediction> predictions, String source,
                       List<String> parents, String operator) {
}
