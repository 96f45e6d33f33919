package io.nous.evaluator;

import io.nous.evaluator.objective.ConstraintResult;
import io.nous.evaluator.scenario.PromotionRule;
import io.nous.evaluator.stats.Verdict;
import java.util.List;

/**
 * Everything one evaluation decided. A candidate is promotable only when nothing failed, every
 * sanity check passes, it was not raced out, every constraint holds under every simulator variant,
 * and the objective says {@code better} under as many variants as the promotion rule asks (all by
 * default) and {@code worse} under none.
 *
 * @param score       the objective over every variant's contended scenarios together
 * @param constraints each constraint over every variant (it passes only if it passes in all)
 * @param variants    the score and constraints per simulator variant, in the matrix's order (the
 *                    ones evaluated, when racing stopped early)
 * @param racedOut    why racing stopped simulating this candidate, or null
 * @param failure     why the candidate could not be evaluated (a fault in a simulation), or null
 * @param sequential  how a group-sequential evaluation spent its seeds, or null for a fixed-size one
 */
public record EvaluationReport(String candidate, String baseline, String objective, String matrix, String split, int seeds,
                               double confidence, List<ScenarioReport> scenarios, Score score, List<ConstraintResult> constraints,
                               List<String> sanity, String failure, int simulations, double wallSeconds, List<VariantReport> variants,
                               int variantsInMatrix, PromotionRule promotion, String racedOut, SequentialOutcome sequential) {

    /** A fixed-size evaluation's report. */
    public EvaluationReport(String candidate, String baseline, String objective, String matrix, String split, int seeds, double confidence,
                            List<ScenarioReport> scenarios, Score score, List<ConstraintResult> constraints, List<String> sanity,
                            String failure, int simulations, double wallSeconds, List<VariantReport> variants, int variantsInMatrix,
                            PromotionRule promotion, String racedOut) {
        this(candidate, baseline, objective, matrix, split, seeds, confidence, scenarios, score, constraints, sanity, failure, simulations,
                wallSeconds, variants, variantsInMatrix, promotion, racedOut, null);
    }

    /** This report as the last look of a sequential evaluation that ran {@code simulations} in {@code wallSeconds} in all. */
    public EvaluationReport sequentially(SequentialOutcome outcome, int allSimulations, double allWallSeconds) {
        return new EvaluationReport(candidate, baseline, objective, matrix, split, seeds, confidence, scenarios, score, constraints, sanity,
                failure, allSimulations, allWallSeconds, variants, variantsInMatrix, promotion, racedOut, outcome);
    }

    /** A report for a matrix without variants. */
    public EvaluationReport(String candidate, String baseline, String objective, String matrix, String split, int seeds, double confidence,
                            List<ScenarioReport> scenarios, Score score, List<ConstraintResult> constraints, List<String> sanity,
                            String failure, int simulations, double wallSeconds) {
        this(candidate, baseline, objective, matrix, split, seeds, confidence, scenarios, score, constraints, sanity, failure,
                simulations, wallSeconds, score == null ? List.of() : List.of(new VariantReport("nominal", "", score, constraints)), 1,
                PromotionRule.ALL, null);
    }

    public boolean constraintsHold() {
        return constraints.stream().allMatch(ConstraintResult::pass);
    }

    /**
     * The objective's verdict holds across variants: better under as many as the rule requires,
     * worse under none. Constraints are not part of this (see {@link #promotable()}).
     */
    public boolean verdictHolds() {
        if (variants.isEmpty() || racedOut != null || variants.size() < variantsInMatrix) {
            return false;
        }
        long better = variants.stream().filter(v -> v.score() != null && v.score().verdict() == Verdict.BETTER).count();
        boolean anyWorse = variants.stream().anyMatch(VariantReport::worse);
        return !anyWorse && better >= promotion.required(variantsInMatrix) && (!promotion.everyScenario() || worstScenario() == null);
    }

    /** The first contended scenario (under any variant) where the objective is worse with confidence, or null. */
    public ScenarioReport worstScenario() {
        return scenarios.stream().filter(s -> s.entry().regime().contended() && s.objective() != null
                && s.objective().verdict() == Verdict.WORSE).findFirst().orElse(null);
    }

    public boolean promotable() {
        return failure == null && sanity.isEmpty() && racedOut == null && constraintsHold() && verdictHolds();
    }
}
