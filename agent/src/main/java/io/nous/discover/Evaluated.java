package io.nous.discover;

import java.util.Map;

/**
 * A candidate's evaluation as the loop knows it, read back from its journal record: the objective's
 * change versus the baseline (negative is better for latency objectives) with its interval and
 * verdict, whether every constraint held (and which failed), the change per regime, the score
 * under each simulator variant, and whether it is promotable under the matrix's rule.
 *
 * @param variantScores per variant name: {change, ci low, ci high}
 * @param racedOut      why racing stopped simulating it, or null
 */
public record Evaluated(String candidateId, String source, double change, double ciLow, double ciHigh, String verdict,
                        boolean constraintsHold, String failedConstraint, Map<String, Double> changeByRegime,
                        Map<String, Double> changeByScenario, double onset, double dutyAt08, String failure,
                        Map<String, double[]> variantScores, boolean promotable, String racedOut) {

    /**
     * Lower is better. A candidate that breaks a constraint pays a penalty but stays selectable as
     * a parent (it may be one mutation from a good policy); promotion still requires every
     * constraint. A candidate that failed to run ranks last.
     */
    public double fitness() {
        if (failure != null || Double.isNaN(change)) {
            return Double.POSITIVE_INFINITY;
        }
        return change + (constraintsHold ? 0 : CONSTRAINT_PENALTY);
    }

    /** Fitness penalty for a broken constraint (the objective is a relative change, -1..+inf). */
    public static final double CONSTRAINT_PENALTY = 1.0;
}
