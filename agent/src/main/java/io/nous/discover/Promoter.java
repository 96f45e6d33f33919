package io.nous.discover;

import io.nous.evaluator.Evaluation;
import io.nous.evaluator.EvaluationReport;
import io.nous.evaluator.Racing;
import io.nous.evaluator.ScenarioReport;
import io.nous.evaluator.objective.Objective;
import io.nous.evaluator.run.PairedRunner;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.evaluator.scenario.Matrix;
import io.nous.evaluator.scenario.Split;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.sandbox.Sandbox;
import io.nous.store.journal.Duplicate;
import io.nous.store.journal.Evidence;
import io.nous.store.journal.NoveltyAudit;
import io.nous.store.journal.Promotion;
import io.nous.store.journal.RacingAudit;
import io.nous.store.journal.UpstreamComparison;
import java.util.function.Function;

/**
 * Decides promotions: a promising candidate must beat the incumbent on the search split with
 * confidence (paired against it, under the matrix's promotion rule) and be promotable against the
 * baseline on the validation split, which no proposer sees. Also audits racing (would a raced-out
 * candidate have been promoted?) and compares the winner with the upstream policy of its problem
 * class on the test split.
 */
final class Promoter {
    private final Problem problem;
    private final Sandbox sandbox;
    private final int threads;
    private final Objective objective;
    private final PairedBootstrap stats;
    private final Matrix matrix;
    private final Function<Evaluated, PolicyUnderTest> deploy;

    /** @param deploy a journaled candidate as the deployment that runs it */
    Promoter(Problem problem, Sandbox sandbox, int threads, Objective objective, PairedBootstrap stats, Matrix matrix,
             Function<Evaluated, PolicyUnderTest> deploy) {
        this.problem = problem;
        this.sandbox = sandbox;
        this.threads = threads;
        this.objective = objective;
        this.stats = stats;
        this.matrix = matrix;
        this.deploy = deploy;
    }

    /** The trial of a candidate that is promotable on search and fitter than the incumbent (null when there is none). */
    Promotion trial(Evaluated e, PolicyUnderTest candidate, Evaluation vsBaseline, Evaluated incumbent) {
        Evidence vsIncumbent = null;
        boolean beatsIncumbent = true;
        if (incumbent != null) {
            try (PairedRunner r = sandbox.runner(deploy.apply(incumbent), threads)) {
                EvaluationReport vs = new Evaluation(r, objective, stats).evaluate(candidate, matrix, Split.SEARCH, Racing.HOPELESS_VERDICT);
                vsIncumbent = Evidence.of(e.candidateId(), vs, Double.NaN, Double.NaN);
                beatsIncumbent = vs.failure() == null && vs.verdictHolds();
            }
        }
        Evidence validation = null;
        boolean confirmed = false;
        if (beatsIncumbent) {
            EvaluationReport val = vsBaseline.evaluate(candidate, matrix, Split.VALIDATION, Racing.HOPELESS);
            validation = Evidence.of(e.candidateId(), val, Double.NaN, Double.NaN);
            confirmed = val.promotable();
        }
        String reason = !beatsIncumbent ? "not better than the incumbent on the search split with confidence"
                + (matrix.variants().size() > 1 ? " under the variants' rule (" + matrix.promotion() + ")" : "")
                : !confirmed ? "not confirmed on the validation split" : "better than the incumbent and confirmed on validation";
        return new Promotion(e.candidateId(), incumbent == null ? problem.baselineName() : incumbent.candidateId(),
                vsIncumbent, validation, beatsIncumbent && confirmed, reason);
    }

    /** What the full evaluation says about a raced-out candidate: would it have been promoted? */
    RacingAudit audit(Evaluated raced, PolicyUnderTest candidate, Evaluation vsBaseline, Evaluated incumbent) {
        EvaluationReport full = vsBaseline.evaluate(candidate, matrix, Split.SEARCH);
        Evaluated e = Evaluated.of(Evidence.of(raced.candidateId(), full, raced.onset(), raced.dutyAt08()), raced.source(), objective.direction());
        return new RacingAudit(raced.candidateId(), raced.racedOut(), e.change(), e.promotable(),
                wouldBePromoted(e, candidate, vsBaseline, incumbent));
    }

    /**
     * What the search evaluation the loop would have run says about a proposal the novelty filter skipped
     * as a behavioural duplicate of {@code of} (with the loop's racing, so that its change compares with
     * that candidate's): its change, and whether it would have been promoted over the incumbent.
     */
    NoveltyAudit auditNovelty(Duplicate skipped, Compiled c, Evaluation vsBaseline, Racing racing, Evaluated of, Evaluated incumbent) {
        String id = String.format(java.util.Locale.ROOT, "skipped-%04d", skipped.iteration());
        PolicyUnderTest candidate = problem.candidate(sandbox, id, c);
        EvaluationReport full = vsBaseline.evaluate(candidate, matrix, Split.SEARCH, racing);
        Evaluated e = Evaluated.of(Evidence.of(id, full, Double.NaN, Double.NaN), String.join("\n", c.sources()), objective.direction());
        return new NoveltyAudit(skipped.iteration(), skipped.of(), skipped.sha256(), skipped.distance(), e.change(), of.change(),
                e.promotable(), wouldBePromoted(e, candidate, vsBaseline, incumbent));
    }

    /** Whether the loop would have tried {@code e} for promotion and the trial accepted it (what an audit asks). */
    private boolean wouldBePromoted(Evaluated e, PolicyUnderTest candidate, Evaluation vsBaseline, Evaluated incumbent) {
        return e.promotable() && e.fitterThan(incumbent) && trial(e, candidate, vsBaseline, incumbent).accepted();
    }

    /**
     * The winner against the upstream policy of its problem class (soft-reflective-ceiling,
     * probabilistic-admitter) instead of the baseline, on the test split: whether discovery beat what
     * the router already ships. A winner that is the upstream policy is not simulated again.
     */
    UpstreamComparison upstream(Evaluated winner, String winnerHash) {
        String split = Split.TEST.id();
        String upstreamHash = problem.compile(problem.upstreamSource()).canonicalHash();
        if (upstreamHash != null && upstreamHash.equals(winnerHash)) {
            return UpstreamComparison.same(winner.candidateId(), problem.upstream(), split);
        }
        try (PairedRunner runner = sandbox.runner(problem.upstreamUnderTest(), threads)) {
            EvaluationReport r = new Evaluation(runner, objective, stats).evaluate(deploy.apply(winner), matrix, Split.TEST);
            var s = r.score();
            java.util.List<UpstreamComparison.ScenarioValues> values = new java.util.ArrayList<>();
            for (ScenarioReport sc : r.scenarios()) {
                if ("nominal".equals(sc.variant()) && sc.objective() != null) {
                    values.add(new UpstreamComparison.ScenarioValues(sc.label(), sc.objective().baseline(), sc.objective().candidate(),
                            sc.objective().change()));
                }
            }
            return new UpstreamComparison(winner.candidateId(), problem.upstream(), split, false, s == null ? null : s.change(),
                    s == null ? null : s.ciLow(), s == null ? null : s.ciHigh(), s == null ? null : s.verdict().id(), r.failure(),
                    values);
        }
    }
}
