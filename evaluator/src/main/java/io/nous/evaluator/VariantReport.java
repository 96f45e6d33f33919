package io.nous.evaluator;

import io.nous.evaluator.objective.ConstraintResult;
import io.nous.evaluator.stats.Verdict;
import java.util.List;

/**
 * The candidate judged under one simulator variant: the objective's score over that variant's
 * contended scenarios, every constraint on that variant's scenarios, and the score of each further
 * objective of a trade-off front ({@code also}, by name; empty without a front).
 */
public record VariantReport(String variant, String description, Score score, List<ConstraintResult> constraints,
                            java.util.Map<String, Score> also) {

    public VariantReport {
        constraints = List.copyOf(constraints);
        also = also == null ? java.util.Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(also));
    }

    /** A variant judged on the objective alone. */
    public VariantReport(String variant, String description, Score score, List<ConstraintResult> constraints) {
        this(variant, description, score, constraints, null);
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
