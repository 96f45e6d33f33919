package io.nous.store.journal;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.nous.evaluator.EvaluationReport;
import io.nous.evaluator.ScenarioReport;
import io.nous.evaluator.VariantReport;
import io.nous.evaluator.objective.ConstraintResult;
import io.nous.evaluator.scenario.Regime;
import io.nous.evaluator.stats.Comparison;
import io.nous.evaluator.stats.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One evaluation of a candidate against a baseline on one split, as journaled ({@code evaluation},
 * {@code test-evaluation}, and inside promotions): the score, every constraint (a failed one with
 * its detail), the score under each simulator variant, and per scenario the objective's change and
 * every standard metric that got worse with confidence, so that reviews need not simulate again.
 * Deterministic fields only: no wall time, no cache-dependent counts.
 *
 * @param constraints per constraint its outcome, and for a failed one {@code <name>_detail}
 * @param onset       the behaviour probe's first axis (search evaluations only)
 * @param dutyAt08    the behaviour probe's second axis (search evaluations only)
 * @param sequential  how a sequential comparison spent its seeds (absent for a fixed-size one, as in runs from before)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Evidence(String candidate, String split, @JsonInclude(JsonInclude.Include.NON_NULL) String failure,
                       @JsonInclude(JsonInclude.Include.NON_NULL) ScoreEvidence score, Map<String, Object> constraints,
                       List<VariantEvidence> variants, @JsonProperty("variants_in_matrix") int variantsInMatrix,
                       @JsonProperty("promotion_rule") String promotionRule,
                       @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("raced_out") String racedOut, boolean promotable,
                       List<ScenarioEvidence> scenarios, List<String> sanity,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Double onset,
                       @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("duty_at_0_8") Double dutyAt08,
                       @JsonInclude(JsonInclude.Include.NON_NULL) SequentialEvidence sequential)
        implements JournalEntry {

    /** Evidence of a fixed-size comparison. */
    public Evidence(String candidate, String split, String failure, ScoreEvidence score, Map<String, Object> constraints,
                    List<VariantEvidence> variants, int variantsInMatrix, String promotionRule, String racedOut, boolean promotable,
                    List<ScenarioEvidence> scenarios, List<String> sanity, Double onset, Double dutyAt08) {
        this(candidate, split, failure, score, constraints, variants, variantsInMatrix, promotionRule, racedOut, promotable, scenarios,
                sanity, onset, dutyAt08, null);
    }

    /**
     * How a sequential comparison spent its seeds: the plan's looks, the confidence each was judged at,
     * the seeds it took and why it stopped ({@code better}, {@code worse}, {@code equivalent}, {@code open}
     * at the cap, {@code halted}), and the paired simulations the cap would have cost beyond them.
     */
    public record SequentialEvidence(List<Integer> looks, @JsonProperty("look_confidence") double lookConfidence,
                                     @JsonProperty("looks_run") int looksRun, int seeds, String decision,
                                     @JsonProperty("pairs_saved") long pairsSaved) {
    }

    /** The journal type of a search evaluation against the baseline. */
    public static final String EVALUATION = "evaluation";
    /** The journal type of the winner's evaluation on the test split. */
    public static final String TEST_EVALUATION = "test-evaluation";

    /** A test-split evaluation is journaled as {@code test-evaluation}, every other as {@code evaluation}. */
    @Override
    public String journalType() {
        return "test".equals(split) ? TEST_EVALUATION : EVALUATION;
    }

    /** A score with its interval and verdict. */
    public record ScoreEvidence(String objective, double change, @JsonProperty("ci_low") double ciLow,
                                @JsonProperty("ci_high") double ciHigh, String verdict) {
    }

    /** The score under one simulator variant (absent when that variant could not be scored). */
    public record VariantEvidence(String variant, @JsonInclude(JsonInclude.Include.NON_NULL) Double change,
                                  @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("ci_low") Double ciLow,
                                  @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("ci_high") Double ciHigh,
                                  @JsonInclude(JsonInclude.Include.NON_NULL) String verdict,
                                  @JsonProperty("constraints_hold") boolean constraintsHold,
                                  @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, ScoreEvidence> also) {
        /** A variant's score with no front objectives. */
        public VariantEvidence(String variant, Double change, Double ciLow, Double ciHigh, String verdict, boolean constraintsHold) {
            this(variant, change, ciLow, ciHigh, verdict, constraintsHold, null);
        }
    }

    /** A standard metric that got worse with confidence in one scenario. */
    public record Regression(String metric, double change, @JsonProperty("ci_low") double ciLow, @JsonProperty("ci_high") double ciHigh) {
    }

    /** The objective in one scenario (and variant, unless nominal), with the drops on either side. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ScenarioEvidence(String scenario, @JsonInclude(JsonInclude.Include.NON_NULL) String variant, String regime,
                                   double change, @JsonProperty("ci_low") double ciLow, @JsonProperty("ci_high") double ciHigh,
                                   String verdict, @JsonProperty("baseline_dropped") long baselineDropped,
                                   @JsonProperty("candidate_dropped") long candidateDropped,
                                   @JsonInclude(JsonInclude.Include.NON_NULL) List<Regression> worse) {
        /** The scenario's label with its variant, as tables show it. */
        public String label() {
            return scenario + (variant == null ? "" : " [" + variant + "]");
        }
    }

    /**
     * The first scenario that contends for the pool (near or over capacity, under any variant) where the
     * objective is worse with confidence, or null: what the worst-place rule ({@code somewhere}) refuses.
     */
    public ScenarioEvidence worseWhereContended() {
        if (scenarios == null) {
            return null;
        }
        return scenarios.stream().filter(s -> !Regime.UNDER.id().equals(s.regime()) && Verdict.WORSE.id().equals(s.verdict())).findFirst().orElse(null);
    }

    /**
     * The evidence of a report.
     *
     * @param onset NaN where the behaviour probe does not apply (evaluations other than the first on search)
     */
    public static Evidence of(String id, EvaluationReport r, double onset, double duty) {
        ScoreEvidence score = r.score() == null ? null : new ScoreEvidence(r.score().objective(), r.score().change(),
                r.score().ciLow(), r.score().ciHigh(), r.score().verdict().id());
        Map<String, Object> constraints = new LinkedHashMap<>();
        for (ConstraintResult c : r.constraints()) {
            constraints.put(c.name(), c.pass());
            if (!c.pass()) {
                constraints.put(c.name() + "_detail", c.detail());
            }
        }
        List<VariantEvidence> variants = new ArrayList<>();
        for (VariantReport v : r.variants()) {
            var s = v.score();
            Map<String, ScoreEvidence> also = new LinkedHashMap<>();
            v.also().forEach((name, a) -> also.put(name, new ScoreEvidence(name, a.change(), a.ciLow(), a.ciHigh(), a.verdict().id())));
            variants.add(new VariantEvidence(v.variant(), s == null ? null : s.change(), s == null ? null : s.ciLow(),
                    s == null ? null : s.ciHigh(), s == null ? null : s.verdict().id(), v.constraintsHold(), also.isEmpty() ? null : also));
        }
        List<ScenarioEvidence> scenarios = new ArrayList<>();
        for (ScenarioReport s : r.scenarios()) {
            List<Regression> worse = new ArrayList<>();
            for (Map.Entry<String, Comparison> m : s.metrics().entrySet()) {
                if (m.getValue().verdict() == Verdict.WORSE) {
                    worse.add(new Regression(m.getKey(), m.getValue().change(), m.getValue().ciLow(), m.getValue().ciHigh()));
                }
            }
            Comparison o = s.objective();
            scenarios.add(new ScenarioEvidence(s.entry().label(), "nominal".equals(s.variant()) ? null : s.variant(), s.entry().regime().id(),
                    o.change(), o.ciLow(), o.ciHigh(), o.verdict().id(), s.baselineDropped(), s.candidateDropped(),
                    worse.isEmpty() ? null : List.copyOf(worse)));
        }
        boolean probed = !Double.isNaN(onset);
        return new Evidence(id, r.split(), r.failure(), score, constraints, List.copyOf(variants), r.variantsInMatrix(),
                r.promotion().toString(), r.racedOut(), r.promotable(), List.copyOf(scenarios), List.copyOf(r.sanity()),
                probed ? onset : null, probed ? duty : null, r.sequential() == null ? null
                : new SequentialEvidence(r.sequential().looks(), r.sequential().lookConfidence(), r.sequential().looksRun(),
                r.sequential().seeds(), r.sequential().decision(), r.sequential().pairsSaved()));
    }

    /** The first constraint that failed, or null; a constraint recorded as anything but false held. */
    public String failedConstraint() {
        if (constraints == null) {
            return null;
        }
        for (Map.Entry<String, Object> c : constraints.entrySet()) {
            if (Boolean.FALSE.equals(c.getValue())) {
                return c.getKey();
            }
        }
        return null;
    }
}
