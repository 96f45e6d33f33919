package io.nous.evaluator;

import io.nous.evaluator.scenario.PromotionRule;
import io.nous.evaluator.stats.Verdict;
import java.util.List;
import java.util.Map;

/**
 * Decides, after each simulator variant, whether a candidate is still worth simulating (racing, as
 * in F-Race and irace: stop spending simulations on a candidate once it is clearly out).
 */
@FunctionalInterface
public interface Racing {

    /**
     * @param soFar the variants evaluated so far, in order, the last one just now
     * @param total how many variants the matrix has
     * @return null to go on, or why the candidate is dropped
     */
    String stop(List<VariantReport> soFar, int total, PromotionRule rule);

    /** Never stop early. */
    Racing NONE = (soFar, total, rule) -> null;

    /**
     * Stop as soon as the promotion rule can no longer be met: a variant said worse or broke a
     * constraint, or too few variants are left to reach the quorum of better verdicts. Exact: a
     * candidate it stops could not have been promoted.
     */
    Racing HOPELESS = (soFar, total, rule) -> {
        VariantReport last = soFar.get(soFar.size() - 1);
        if (last.worse()) {
            return "worse under variant " + last.variant();
        }
        if (!last.constraintsHold()) {
            String failed = last.constraints().stream().filter(c -> !c.pass()).findFirst().map(c -> c.name()).orElse("?");
            return failed + " failed under variant " + last.variant();
        }
        long notBetter = soFar.stream().filter(v -> v.score() == null || v.score().verdict() != Verdict.BETTER).count();
        if (notBetter > total - rule.required(total)) {
            return "not better under variant " + last.variant() + ", so the rule (" + rule + ") cannot be met";
        }
        return null;
    };

    /**
     * Stop only once a variant says worse: what a look of a sequential evaluation may race on before
     * its last, since a verdict that is not better yet may become better with more seeds.
     */
    Racing WORSE = (soFar, total, rule) -> {
        VariantReport last = soFar.get(soFar.size() - 1);
        return last.worse() ? "worse under variant " + last.variant() : null;
    };

    /**
     * Like {@link #HOPELESS} but on the objective's verdicts only (constraints are not consulted):
     * for comparisons where only "better" matters, such as a candidate against the incumbent.
     */
    Racing HOPELESS_VERDICT = (soFar, total, rule) -> {
        VariantReport last = soFar.get(soFar.size() - 1);
        if (last.worse()) {
            return "worse under variant " + last.variant();
        }
        long notBetter = soFar.stream().filter(v -> v.score() == null || v.score().verdict() != Verdict.BETTER).count();
        if (notBetter > total - rule.required(total)) {
            return "not better under variant " + last.variant() + ", so the rule (" + rule + ") cannot be met";
        }
        return null;
    };

    /**
     * {@link #HOPELESS}, and also stop when, under a variant, the candidate's whole interval lies on
     * the wrong side of the incumbent's on the same variant: it cannot beat the incumbent there.
     * A heuristic (the two intervals come from separate comparisons with the baseline), so how often
     * it drops a candidate a full evaluation would have promoted is worth measuring.
     *
     * @param incumbent the incumbent's score per variant name (against the same baseline)
     */
    static Racing againstIncumbent(Map<String, Score> incumbent, boolean lowerIsBetter) {
        return (soFar, total, rule) -> {
            String hopeless = HOPELESS.stop(soFar, total, rule);
            if (hopeless != null) {
                return hopeless;
            }
            VariantReport last = soFar.get(soFar.size() - 1);
            Score inc = incumbent.get(last.variant());
            Score c = last.score();
            if (inc == null || c == null || Double.isNaN(c.ciLow()) || Double.isNaN(inc.ciHigh())) {
                return null;
            }
            boolean clearlyBehind = lowerIsBetter ? c.ciLow() > inc.ciHigh() : c.ciHigh() < inc.ciLow();
            return clearlyBehind ? "clearly behind the incumbent under variant " + last.variant() : null;
        };
    }
}
