package io.nous.evaluator;

import io.nous.evaluator.objective.ConstraintResult;
import io.nous.evaluator.stats.Verdict;
import java.util.List;

/**
 * The candidate judged under one simulator variant: the objective's score over that variant's
 * contended scenarios, and every constraint on that variant's scenarios.
 */
public record VariantReport(String variant, String description, Score score, List<ConstraintResult> constraints) {

    public VariantReport {
        constraints = List.copyOf(constraints);
    }

    public boolean constraintsHold() {
        return constraints.stream().allMatch(ConstraintResult::pass);
    }

    /** Better with confidence, and every constraint held. */
    public boolean holds() {
        return score != null && score.verdict() == Verdict.BETTER && constraintsHold();
    }

    public boolean worse() {
        return score != null && score.verdict() == Verdict.WORSE;
    }
}
