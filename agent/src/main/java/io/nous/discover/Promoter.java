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
import io.nous.evaluator.stats.GroupSequential;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.sandbox.Sandbox;
import io.nous.store.journal.Duplicate;
import io.nous.store.journal.Evidence;
import io.nous.store.journal.FrontEvaluation;
import io.nous.store.journal.NoveltyAudit;
import io.nous.store.journal.Promotion;
import io.nous.store.journal.RacingAudit;
import io.nous.store.journal.UpstreamComparison;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Decides promotions: a promising candidate must beat the incumbent on the search split with
 * confidence (paired against it, under the matrix's promotion rule) and be promotable against the
 * baseline on the validation split, which no proposer sees. With a trade-off front ({@code --front}) the
 * search trial asks instead that the candidate dominate the incumbent with confidence under every variant
 * (or, with {@code --prefer}, be the preferred trade-off). Also audits racing (would a raced-out
 * candidate have been promoted?), compares the winner with the upstream policy of its problem class on
 * the test split, and places the final front against that policy.
 */
final class Promoter implements AutoCloseable {
    private final Problem problem;
    private final Sandbox sandbox;
    private final int threads;
    private final Objective objective;
    private final PairedBootstrap stats;
    private final Matrix matrix;
    private final Function<Evaluated, PolicyUnderTest> deploy;
    /** The front's further objectives (empty: the objective alone decides). */
    private final List<Objective> front;
    /** The stated preference among trade-offs, or null: with a front, a candidate must dominate the incumbent. */
    private final Preference prefer;
    /** The matrix of a trial against the incumbent: the search split on the head-to-head's seeds. */
    private final Matrix headToHead;
    /** The incumbent's runner, kept while it stays the incumbent so that its simulations are shared by every trial against it. */
    private PairedRunner incumbentRunner;
    private String incumbentRunnerFor;
    /** Decisive comparisons add seeds while open, up to this many (0: a fixed number, as runs from before did). */
    private final int seedsUpTo;

    /**
     * @param deploy a journaled candidate as the deployment that runs it
     * @param front  further objectives: with any, the trial against the incumbent asks for dominance (or {@code prefer})
     * @param headToHeadSeeds seeds of the search split in a trial against the incumbent (0: the matrix's)
     */
    Promoter(Problem problem, Sandbox sandbox, int threads, Objective objective, PairedBootstrap stats, Matrix matrix,
             Function<Evaluated, PolicyUnderTest> deploy, List<Objective> front, Preference prefer, int headToHeadSeeds, int seedsUpTo) {
        this.seedsUpTo = seedsUpTo;
        this.headToHead = headToHeadSeeds > 0 ? matrix.withSeeds(Split.SEARCH, headToHeadSeeds) : matrix;
        this.front = List.copyOf(front);
        this.prefer = prefer;
        this.problem = problem;
        this.sandbox = sandbox;
        this.threads = threads;
        this.objective = objective;
        this.stats = stats;
        this.matrix = matrix;
        this.deploy = deploy;
    }

    /** How a comparison that decides something spends seeds on {@code split} of {@code m} ({@link SeedPlans}). */
    GroupSequential plan(Matrix m, Split split) {
        return SeedPlans.forSplit(seedsUpTo, stats.confidence(), m, split);
    }

    /** The trial of a candidate that is promotable on search and fitter than the incumbent (null when there is none). */
    Promotion trial(Evaluated e, PolicyUnderTest candidate, Evaluation vsBaseline, Evaluated incumbent) {
        Evidence vsIncumbent = null;
        boolean beatsIncumbent = true;
        if (incumbent != null) {
            // the objective alone may stop once it cannot hold; a front is judged on every variant of every objective
            EvaluationReport vs = new Evaluation(runnerFor(incumbent), objective, stats, front)
                    .evaluate(candidate, headToHead, Split.SEARCH, front.isEmpty() ? Racing.HOPELESS_VERDICT : Racing.NONE,
                            plan(headToHead, Split.SEARCH));
            vsIncumbent = Evidence.of(e.candidateId(), vs, Double.NaN, Double.NaN);
            beatsIncumbent = front.isEmpty() ? vs.failure() == null && vs.verdictHolds()
                    : prefer != null ? prefer.acceptsPaired(vsIncumbent) : TradeOffFront.dominatesPaired(vsIncumbent, objectives(), matrix.promotion().everyScenario());
        }
        Evidence validation = null;
        boolean confirmed = false;
        if (beatsIncumbent) {
            EvaluationReport val = vsBaseline.evaluate(candidate, matrix, Split.VALIDATION, Racing.HOPELESS, plan(matrix, Split.VALIDATION));
            validation = Evidence.of(e.candidateId(), val, Double.NaN, Double.NaN);
            confirmed = val.promotable();
        }
        String reason = !beatsIncumbent ? (front.isEmpty() ? "not better than the incumbent on the search split with confidence"
                + (matrix.variants().size() > 1 ? " under the variants' rule (" + matrix.promotion() + ")" : "")
                : prefer != null ? "not preferred to the incumbent (" + prefer + ") on the search split with confidence under every variant"
                : "not dominating the incumbent on the search split (" + String.join(", ", objectives())
                + (matrix.promotion().everyScenario() ? ") with confidence: worse somewhere, or better nowhere"
                : ") with confidence under every variant"))
                : !confirmed ? "not confirmed on the validation split" : "better than the incumbent and confirmed on validation";
        return new Promotion(e.candidateId(), incumbent == null ? problem.baselineName() : incumbent.candidateId(),
                vsIncumbent, validation, beatsIncumbent && confirmed, reason);
    }

    /** The runner that pairs candidates with {@code incumbent}: the one already open while it stays the incumbent. */
    private PairedRunner runnerFor(Evaluated incumbent) {
        if (!incumbent.candidateId().equals(incumbentRunnerFor)) {
            close();
            incumbentRunner = sandbox.runner(deploy.apply(incumbent), threads);
            incumbentRunnerFor = incumbent.candidateId();
        }
        return incumbentRunner;
    }

    /** Closes the incumbent's runner, if one is open. */
    @Override
    public void close() {
        if (incumbentRunner != null) {
            incumbentRunner.close();
            incumbentRunner = null;
            incumbentRunnerFor = null;
        }
    }

    /** The run's objective and its front's, in that order. */
    List<String> objectives() {
        List<String> all = new java.util.ArrayList<>(List.of(objective.name()));
        front.forEach(o -> all.add(o.name()));
        return all;
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
                e.promotable(), wouldBePromoted(e, candidate, vsBaseline, incumbent), sameUnderEveryCommonVariant(e, of));
    }

    /**
     * Whether two evaluations measured the same policy: under every variant both ran (racing may have
     * stopped either sooner), the same change to the last bit. Pooled changes may still differ when they
     * pool different variants.
     */
    static boolean sameUnderEveryCommonVariant(Evaluated a, Evaluated b) {
        boolean any = false;
        for (Map.Entry<String, double[]> v : a.variantScores().entrySet()) {
            double[] other = b.variantScores().get(v.getKey());
            if (other != null) {
                any = true;
                if (Double.compare(v.getValue()[0], other[0]) != 0) {
                    return false;
                }
            }
        }
        return any;
    }

    /** Whether the loop would have tried {@code e} for promotion and the trial accepted it (what an audit asks). */
    private boolean wouldBePromoted(Evaluated e, PolicyUnderTest candidate, Evaluation vsBaseline, Evaluated incumbent) {
        return e.promotable() && e.fitterThan(incumbent) && trial(e, candidate, vsBaseline, incumbent).accepted();
    }

    /**
     * The winner against one upstream policy of its problem class instead of the baseline, on the
     * test split, sequentially when the run adds seeds: whether discovery beat what the router already
     * ships, with the variants under which it is worse and the first constraint it breaks. A winner
     * that is the upstream policy is not simulated again.
     */
    UpstreamComparison upstream(Evaluated winner, String winnerHash, UpstreamPolicy u) {
        String upstreamHash = u.source() == null ? null : problem.compile(u.source()).canonicalHash();
        if (upstreamHash != null && upstreamHash.equals(winnerHash)) {
            return UpstreamComparison.same(winner.candidateId(), u.name(), Split.TEST.id());
        }
        return against(winner.candidateId(), deploy.apply(winner), u);
    }

    /**
     * The baseline against one upstream policy on the test split, when nothing beat the baseline: which
     * policy the router ships does best here, so that the run recommends that one. An upstream policy
     * that is the baseline's own deployment is not simulated again.
     */
    UpstreamComparison baselineAgainst(UpstreamPolicy u) {
        PolicyUnderTest baseline = problem.baseline();
        if (u.deployment().identity().equals(baseline.identity())) {
            return UpstreamComparison.same(problem.baselineName(), u.name(), Split.TEST.id());
        }
        return against(problem.baselineName(), baseline, u);
    }

    /**
     * One arm paired with an upstream policy on the test split, sequentially when the run adds seeds:
     * the objective's change, the variants under which the arm is worse, the first constraint it breaks,
     * and per scenario (nominal) both values.
     */
    private UpstreamComparison against(String armId, PolicyUnderTest arm, UpstreamPolicy u) {
        try (PairedRunner runner = sandbox.runner(u.deployment(), threads)) {
            EvaluationReport r = new Evaluation(runner, objective, stats).evaluate(arm, matrix, Split.TEST, Racing.NONE,
                    plan(matrix, Split.TEST));
            var s = r.score();
            List<UpstreamComparison.ScenarioValues> values = new java.util.ArrayList<>();
            for (ScenarioReport sc : r.scenarios()) {
                if ("nominal".equals(sc.variant()) && sc.objective() != null) {
                    values.add(new UpstreamComparison.ScenarioValues(sc.label(), sc.objective().baseline(), sc.objective().candidate(),
                            sc.objective().change()));
                }
            }
            Evidence e = Evidence.of(armId, r, Double.NaN, Double.NaN);
            List<String> worse = r.variants().stream().filter(io.nous.evaluator.VariantReport::worse).map(io.nous.evaluator.VariantReport::variant)
                    .toList();
            String failed = e.failedConstraint();
            String failedDetail = failed == null ? null : failed + ": " + e.constraints().get(failed + "_detail");
            return new UpstreamComparison(armId, u.name(), Split.TEST.id(), false, s == null ? null : s.change(),
                    s == null ? null : s.ciLow(), s == null ? null : s.ciHigh(), s == null ? null : s.verdict().id(), r.failure(),
                    values, worse.isEmpty() ? null : worse, failedDetail, e.sequential());
        }
    }

    /** The upstream policy against the baseline on the search split, every front objective, so that it can be placed on the search front. */
    FrontEvaluation upstreamOnSearch(Evaluation vsBaseline) {
        EvaluationReport r = vsBaseline.evaluate(problem.upstreamUnderTest(), matrix, Split.SEARCH, Racing.NONE);
        return new FrontEvaluation(Split.SEARCH.id(), problem.upstream(), problem.baselineName(),
                Evidence.of(problem.upstream(), r, Double.NaN, Double.NaN));
    }

    /** A runner whose reference is the upstream policy, for {@link #againstUpstream}. */
    PairedRunner upstreamRunner() {
        return sandbox.runner(problem.upstreamUnderTest(), threads);
    }

    /** A front member paired with the upstream policy on {@code split}, every front objective under every variant. */
    FrontEvaluation againstUpstream(Evaluated member, Split split, PairedRunner upstream) {
        // on the split's own seeds: up to a dozen members are placed, on two splits, so sequential seeds would multiply the run's cost;
        // what is recommended is decided by the winner's own sequential comparisons with every upstream policy
        EvaluationReport r = new Evaluation(upstream, objective, stats, front).evaluate(deploy.apply(member), matrix, split, Racing.NONE);
        return new FrontEvaluation(split.id(), member.candidateId(), problem.upstream(), Evidence.of(member.candidateId(), r, Double.NaN, Double.NaN));
    }
}
