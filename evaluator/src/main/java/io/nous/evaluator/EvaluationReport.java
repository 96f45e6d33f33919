package io.nous.evaluator;

import io.nous.evaluator.objective.ConstraintResult;
import io.nous.evaluator.stats.Verdict;
import java.util.List;

/**
 * Everything one evaluation decided. A candidate is promotable only when the objective's verdict
 * is {@code better}, every constraint holds, every sanity check passes and nothing failed.
 *
 * @param failure why the candidate could not be evaluated (a fault in a simulation), or null
 */
public record EvaluationReport(String candidate, String baseline, String objective, String matrix, String split, int seeds,
                               double confidence, List<ScenarioReport> scenarios, Score score, List<ConstraintResult> constraints,
                               List<String> sanity, String failure, int simulations, double wallSeconds) {

    public boolean constraintsHold() {
        return constraints.stream().allMatch(ConstraintResult::pass);
    }

    public boolean promotable() {
        return failure == null && sanity.isEmpty() && constraintsHold() && score != null && score.verdict() == Verdict.BETTER;
    }
}
