package io.nous.discover;

import io.nous.evaluator.objective.Direction;
import io.nous.store.journal.Evidence;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A candidate's evaluation as the loop knows it, read back from its journal record: the objective's
 * change versus the baseline (negative is better for latency objectives, positive for goodput: see
 * {@code direction}) with its interval and verdict, whether every constraint held (and which failed), the change per regime, the score
 * under each simulator variant, and whether it is promotable under the matrix's rule.
 *
 * @param variantScores per variant name: {change, ci low, ci high}
 * @param racedOut      why racing stopped simulating it, or null
 * @param direction     which way the run's objective improves
 * @param iteration     the iteration that proposed it (0 for a seed; -1 when not known, as for an audit's evaluation)
 * @param also          with {@code --front}: each further objective's {change, ci low, ci high} under the first (nominal) variant
 */
public record Evaluated(String candidateId, String source, double change, double ciLow, double ciHigh, String verdict,
                        boolean constraintsHold, String failedConstraint, Map<String, Double> changeByRegime,
                        Map<String, Double> changeByScenario, double onset, double dutyAt08, String failure,
                        Map<String, double[]> variantScores, boolean promotable, String racedOut,
                        Direction direction, int iteration, Map<String, double[]> also) {

    public Evaluated {
        also = also == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(also));
    }

    /** A candidate scored on the run's objective alone. */
    public Evaluated(String candidateId, String source, double change, double ciLow, double ciHigh, String verdict,
                     boolean constraintsHold, String failedConstraint, Map<String, Double> changeByRegime,
                     Map<String, Double> changeByScenario, double onset, double dutyAt08, String failure,
                     Map<String, double[]> variantScores, boolean promotable, String racedOut, Direction direction, int iteration) {
        this(candidateId, source, change, ciLow, ciHigh, verdict, constraintsHold, failedConstraint, changeByRegime, changeByScenario, onset,
                dutyAt08, failure, variantScores, promotable, racedOut, direction, iteration, Map.of());
    }

    /** A candidate known only from its evidence, not from the iteration that proposed it. */
    public Evaluated(String candidateId, String source, double change, double ciLow, double ciHigh, String verdict,
                     boolean constraintsHold, String failedConstraint, Map<String, Double> changeByRegime,
                     Map<String, Double> changeByScenario, double onset, double dutyAt08, String failure,
                     Map<String, double[]> variantScores, boolean promotable, String racedOut, Direction direction) {
        this(candidateId, source, change, ciLow, ciHigh, verdict, constraintsHold, failedConstraint, changeByRegime, changeByScenario, onset,
                dutyAt08, failure, variantScores, promotable, racedOut, direction, -1);
    }

    /** The same candidate, proposed in {@code it} (0 for a seed). */
    public Evaluated at(int it) {
        return new Evaluated(candidateId, source, change, ciLow, ciHigh, verdict, constraintsHold, failedConstraint, changeByRegime,
                changeByScenario, onset, dutyAt08, failure, variantScores, promotable, racedOut, direction, it, also);
    }

    /**
     * Lower is better, whichever way the objective points (a higher-is-better objective's change is
     * negated). A candidate that breaks a constraint pays a penalty but stays selectable as
     * a parent (it may be one mutation from a good policy); promotion still requires every
     * constraint. A candidate that failed to run ranks last.
     */
    public double fitness() {
        if (failure != null || Double.isNaN(change)) {
            return Double.POSITIVE_INFINITY;
        }
        return direction.loss(change) + (constraintsHold ? 0 : CONSTRAINT_PENALTY);
    }

    /** Whether this candidate ranks before {@code other} (other may be null: anything ranks before nothing). */
    public boolean fitterThan(Evaluated other) {
        return other == null || fitness() < other.fitness();
    }

    /** What the loop knows of a candidate from its journaled evidence, under an objective improving in {@code direction}. */
    public static Evaluated of(Evidence o, String source, Direction direction) {
        String failed = o.failedConstraint();
        boolean hold = o.failure() == null && (o.sanity() == null || o.sanity().isEmpty()) && failed == null;
        Map<String, Double> byRegime = new LinkedHashMap<>();
        Map<String, Double> byScenario = new LinkedHashMap<>();
        Map<String, Integer> counts = new HashMap<>();
        for (Evidence.ScenarioEvidence s : o.scenarios()) {
            byScenario.put(s.label(), s.change());
            String regime = s.regime().equals("under") ? "under" : "near";
            if (!Double.isNaN(s.change())) {
                byRegime.merge(regime, s.change(), Double::sum);
                counts.merge(regime, 1, Integer::sum);
            }
        }
        byRegime.replaceAll((k, v) -> v / counts.get(k));
        Map<String, double[]> variants = new LinkedHashMap<>();
        Map<String, double[]> also = new LinkedHashMap<>();
        if (o.variants() != null) {
            for (Evidence.VariantEvidence v : o.variants()) {
                variants.put(v.variant(), new double[] {orNaN(v.change()), orNaN(v.ciLow()), orNaN(v.ciHigh())});
            }
            if (!o.variants().isEmpty() && o.variants().get(0).also() != null) {
                o.variants().get(0).also().forEach((name, a) -> also.put(name, new double[] {a.change(), a.ciLow(), a.ciHigh()}));
            }
        }
        Evidence.ScoreEvidence score = o.score();
        String verdict = score == null || score.verdict() == null ? "no-difference" : score.verdict();
        return new Evaluated(o.candidate(), source, score == null ? Double.NaN : score.change(), score == null ? Double.NaN : score.ciLow(),
                score == null ? Double.NaN : score.ciHigh(), verdict, hold, failed, byRegime, byScenario, orNaN(o.onset()),
                orNaN(o.dutyAt08()), o.failure(), variants, o.promotable(), o.racedOut(), direction, -1, also);
    }

    private static double orNaN(Double v) {
        return v == null ? Double.NaN : v;
    }

    /** Fitness penalty for a broken constraint (the objective is a relative change, -1..+inf). */
    public static final double CONSTRAINT_PENALTY = 1.0;
}
