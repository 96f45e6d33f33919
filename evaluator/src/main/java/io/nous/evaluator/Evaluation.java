package io.nous.evaluator;

import io.nous.evaluator.objective.Constraint;
import io.nous.evaluator.objective.ConstraintResult;
import io.nous.evaluator.objective.Objective;
import io.nous.evaluator.objective.ScenarioScore;
import io.nous.evaluator.objective.StandardMetrics;
import io.nous.evaluator.run.EvaluationFailure;
import io.nous.evaluator.run.PairedRunner;
import io.nous.evaluator.run.PairedScenario;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.evaluator.run.RunData;
import io.nous.evaluator.scenario.Matrix;
import io.nous.evaluator.scenario.MatrixEntry;
import io.nous.evaluator.scenario.Split;
import io.nous.evaluator.scenario.Variant;
import io.nous.evaluator.stats.Comparison;
import io.nous.evaluator.stats.GroupSequential;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.evaluator.stats.Verdict;
import io.nous.sim.engine.Well19937;
import io.nous.sim.metrics.ClassSummary;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * Judges a candidate against the baseline on a matrix split: runs the paired simulations under every
 * simulator variant, compares per scenario, aggregates the objective over contended scenarios (per
 * variant and overall), checks constraints per variant, and sanity. Deterministic: bootstrap
 * generators are seeded from the matrix, scenario and variant names.
 */
public final class Evaluation {
    private final PairedRunner runner;
    private final Objective objective;
    private final PairedBootstrap stats;
    private final List<Objective> also;

    public Evaluation(PairedRunner runner, Objective objective, PairedBootstrap stats) {
        this(runner, objective, stats, List.of());
    }

    /**
     * @param also further objectives scored from the same simulations, per variant, for a trade-off
     *             front; they decide nothing here (the objective alone is judged and raced)
     */
    public Evaluation(PairedRunner runner, Objective objective, PairedBootstrap stats, List<Objective> also) {
        this.runner = runner;
        this.objective = objective;
        this.stats = stats;
        this.also = List.copyOf(also);
    }

    public EvaluationReport evaluate(PolicyUnderTest candidate, Matrix matrix, Split split) {
        return evaluate(candidate, matrix, split, Racing.NONE);
    }

    /**
     * Evaluates the candidate variant by variant, in the matrix's order; after each one,
     * {@code racing} may stop the evaluation (the report then says why and holds what was seen).
     */
    public EvaluationReport evaluate(PolicyUnderTest candidate, Matrix matrix, Split split, Racing racing) {
        return evaluate(candidate, matrix, split, racing, new HashMap<>(), 1);
    }

    /**
     * Evaluates the candidate on one split under a group-sequential plan: the plan's first look's
     * seeds, then more while the objective's verdict is open under some variant, each look judged at
     * the plan's per-look confidence and reusing every simulation earlier looks ran. The report is the
     * last look's, with how the seeds were spent.
     */
    public EvaluationReport evaluate(PolicyUnderTest candidate, Matrix matrix, Split split, Racing racing, GroupSequential plan) {
        if (split == null) {
            throw new IllegalArgumentException("a sequential evaluation is on one split");
        }
        if (!plan.sequential()) {
            return evaluate(candidate, matrix.seeds(split) == plan.cap() ? matrix : matrix.withSeeds(split, plan.cap()), split, racing);
        }
        long t0 = System.nanoTime();
        int before = runner.simulations();
        Evaluation atLook = new Evaluation(runner, objective, stats.atConfidence(plan.lookConfidence()), also);
        Map<String, PairedScenario> earlier = new HashMap<>();
        int[] done = {0};
        GroupSequential.Outcome<EvaluationReport> o = plan.run(n -> {
            // before the last look, "not better yet" is no reason to stop: only a variant already worse is
            Racing atThisLook = n == plan.cap() || racing == Racing.NONE ? racing : Racing.WORSE;
            EvaluationReport r = atLook.evaluate(candidate, matrix.withSeeds(split, n), split, atThisLook, earlier, done[0] + 1);
            done[0] = n;
            return r;
        }, r -> decision(r, plan, objective.lowerIsBetter()));
        long saved = (long) (plan.cap() - o.seeds()) * matrix.entries(split).size() * matrix.variants().size();
        SequentialOutcome outcome = new SequentialOutcome(plan.looks(), plan.lookConfidence(), o.looksRun(), o.seeds(),
                o.decision().name().toLowerCase(java.util.Locale.ROOT), o.decision() == GroupSequential.Decision.HALTED ? 0 : saved);
        return o.last().sequentially(outcome, runner.simulations() - before, (System.nanoTime() - t0) / 1e9);
    }

    /**
     * Where one look leaves a sequential evaluation: halted by a failure or racing; worse once any
     * variant is worse (no rule promotes it then); open while any variant's score, or the pooled
     * one, is undecided; else the pooled score's decision.
     */
    static GroupSequential.Decision decision(EvaluationReport r, GroupSequential plan, boolean lowerIsBetter) {
        if (r.failure() != null || r.racedOut() != null || r.score() == null) {
            return GroupSequential.Decision.HALTED;
        }
        boolean open = false;
        for (VariantReport v : r.variants()) {
            GroupSequential.Decision d = v.score() == null ? GroupSequential.Decision.OPEN
                    : plan.decide(v.score().ciLow(), v.score().ciHigh(), lowerIsBetter);
            if (d == GroupSequential.Decision.WORSE) {
                return d;
            }
            open |= d == GroupSequential.Decision.OPEN;
        }
        GroupSequential.Decision pooled = plan.decide(r.score().ciLow(), r.score().ciHigh(), lowerIsBetter);
        return open ? GroupSequential.Decision.OPEN : pooled;
    }

    /**
     * {@link #evaluate(PolicyUnderTest, Matrix, Split, Racing)} on seeds {@code firstSeed} onwards,
     * each paired scenario joined to the seeds {@code earlier} holds for it (and put back there).
     */
    private EvaluationReport evaluate(PolicyUnderTest candidate, Matrix matrix, Split split, Racing racing,
                                      Map<String, PairedScenario> earlier, int firstSeed) {
        long t0 = System.nanoTime();
        int before = runner.simulations();
        List<MatrixEntry> entries = matrix.entries(split);
        String splitName = split == null ? "all" : split.id();
        if (entries.isEmpty()) {
            throw new IllegalArgumentException("matrix '" + matrix.name() + "' has no " + splitName + " scenarios");
        }
        List<PairedScenario> paired = new ArrayList<>();
        List<ScenarioReport> reports = new ArrayList<>();
        List<VariantReport> variants = new ArrayList<>();
        Map<String, Map<String, Comparison>> allComparisons = new LinkedHashMap<>();
        Tally all = new Tally();
        String racedOut = null;
        // with racing, variants run one at a time; without, all at once (more parallelism)
        List<List<Variant>> batches = racing == Racing.NONE ? List.of(matrix.variants())
                : matrix.variants().stream().map(List::of).toList();
        for (List<Variant> batch : batches) {
            List<PairedScenario> run;
            Map<PairedScenario, Judged> judged = new IdentityHashMap<>();
            RuntimeException[] judging = {null};
            try {
                // each scenario is judged while later ones still simulate; a simulation that failed still wins over a judgement
                // that threw, as when every simulation ended before the first judgement
                Map<PairedScenario, PairedScenario> joined = new IdentityHashMap<>();
                List<PairedScenario> added = runner.run(candidate, matrix, entries, batch, firstSeed, q -> {
                    PairedScenario p = join(earlier, q);
                    joined.put(q, p);
                    if (judging[0] == null) {
                        try {
                            judged.put(p, judge(p, matrix));
                        } catch (RuntimeException e) {
                            judging[0] = e;
                        }
                    }
                });
                run = added.stream().map(joined::get).toList();
            } catch (EvaluationFailure f) {
                return new EvaluationReport(candidate.name(), runner.baseline().name(), objective.name(), matrix.name(), splitName,
                        matrix.seeds(split), stats.confidence(), List.of(), null, List.of(), List.of(), f.getMessage(),
                        runner.simulations() - before, (System.nanoTime() - t0) / 1e9, List.of(), matrix.variants().size(),
                        matrix.promotion(), null);
            }
            if (judging[0] != null) {
                throw judging[0];
            }
            paired.addAll(run);
            for (Variant v : batch) {
                List<PairedScenario> mine = run.stream().filter(p -> p.variant().equals(v)).toList();
                Map<String, Map<String, Comparison>> comparisons = new LinkedHashMap<>();
                Tally mineTally = new Tally();
                Map<String, Tally> alsoTallies = new LinkedHashMap<>();
                also.forEach(o -> alsoTallies.put(o.name(), new Tally()));
                for (PairedScenario p : mine) {
                    Judged j = judged.get(p);
                    comparisons.put(p.entry().label(), j.metrics());
                    allComparisons.put(p.label(), j.metrics());
                    boolean contended = p.entry().regime().contended();
                    mineTally.add(j.score(), contended);
                    for (int k = 0; k < also.size(); k++) {
                        alsoTallies.get(also.get(k).name()).add(j.also().get(k), contended);
                    }
                    reports.add(new ScenarioReport(p.entry(), v.name(), j.metrics(), j.score().comparison(), arrived(p.baseline()),
                            dropped(p.baseline()), dropped(p.candidate()), satOne(p.baseline()), satOne(p.candidate()),
                            SeedRegimes.disagreement(p)));
                }
                Score vScore = aggregate(objective, mineTally);
                Map<String, Score> vAlso = new LinkedHashMap<>();
                for (Objective o : also) {
                    vAlso.put(o.name(), aggregate(o, alsoTallies.get(o.name())));
                }
                List<ConstraintResult> vConstraints = new ArrayList<>();
                for (Constraint c : objective.constraints()) {
                    vConstraints.add(c.check(mine, comparisons, stats));
                }
                variants.add(new VariantReport(v.name(), v.describe(), vScore, vConstraints, vAlso));
                all.addAll(mineTally);
            }
            racedOut = racing.stop(List.copyOf(variants), matrix.variants().size(), matrix.promotion());
            if (racedOut != null) {
                break;
            }
        }
        Score score = aggregate(objective, all);
        List<ConstraintResult> constraints = overall(variants);
        return new EvaluationReport(candidate.name(), runner.baseline().name(), objective.name(), matrix.name(), splitName,
                matrix.seeds(split), stats.confidence(), reports, score, constraints, SanityChecks.check(paired, candidate), null,
                runner.simulations() - before, (System.nanoTime() - t0) / 1e9, variants, matrix.variants().size(), matrix.promotion(),
                racedOut);
    }

    /** A scenario's new seeds after those an earlier look ran of it, remembered for the next look. */
    private static PairedScenario join(Map<String, PairedScenario> earlier, PairedScenario added) {
        String key = added.label();
        PairedScenario before = earlier.get(key);
        PairedScenario all = before == null ? added : new PairedScenario(added.entry(), added.variant(),
                concat(before.baseline(), added.baseline()), concat(before.candidate(), added.candidate()));
        earlier.put(key, all);
        return all;
    }

    private static List<RunData> concat(List<RunData> a, List<RunData> b) {
        List<RunData> out = new ArrayList<>(a);
        out.addAll(b);
        return List.copyOf(out);
    }

    /** One paired scenario's standard comparisons, its objective's score and the further objectives' scores (in {@code also}'s order). */
    private record Judged(Map<String, Comparison> metrics, ScenarioScore score, List<ScenarioScore> also) {
    }

    /**
     * Compares one paired scenario; each comparison draws from its own generator, seeded by the
     * matrix, the scenario and what it measures, so the order scenarios are judged in never matters.
     */
    private Judged judge(PairedScenario p, Matrix matrix) {
        String label = p.label();
        Map<String, Comparison> metrics = StandardMetrics.compare(p, stats, rng(matrix, label, "standard"));
        ScenarioScore score = objective.score(p, stats, rng(matrix, label, objective.name()));
        List<ScenarioScore> alsoScores = new ArrayList<>(also.size());
        for (Objective o : also) {
            alsoScores.add(o.score(p, stats, rng(matrix, label, o.name())));
        }
        return new Judged(metrics, score, alsoScores);
    }

    /** A constraint holds overall when it holds under every variant; the detail names where it failed. */
    private static List<ConstraintResult> overall(List<VariantReport> variants) {
        if (variants.size() == 1) {
            return variants.get(0).constraints();
        }
        List<ConstraintResult> out = new ArrayList<>();
        for (int i = 0; i < variants.get(0).constraints().size(); i++) {
            String name = variants.get(0).constraints().get(i).name();
            ConstraintResult failed = null;
            String failedIn = null;
            for (VariantReport v : variants) {
                ConstraintResult c = v.constraints().get(i);
                if (!c.pass() && failed == null) {
                    failed = c;
                    failedIn = v.variant();
                }
            }
            out.add(failed == null
                    ? new ConstraintResult(name, true, "held under all " + variants.size() + " variants: " + variants.get(0).constraints().get(i).detail())
                    : new ConstraintResult(name, false, "under variant " + failedIn + ": " + failed.detail()));
        }
        return out;
    }

    /**
     * One objective's per-scenario changes and bootstrap replicates, those of contended scenarios also
     * apart: a score aggregates the contended ones when there are any, else all.
     */
    private static final class Tally {
        final List<Double> changes = new ArrayList<>();
        final List<double[]> replicates = new ArrayList<>();
        final List<Double> contendedChanges = new ArrayList<>();
        final List<double[]> contendedReplicates = new ArrayList<>();

        void add(ScenarioScore s, boolean contended) {
            replicates.add(s.replicates());
            changes.add(s.comparison().change());
            if (contended) {
                contendedReplicates.add(s.replicates());
                contendedChanges.add(s.comparison().change());
            }
        }

        void addAll(Tally t) {
            replicates.addAll(t.replicates);
            changes.addAll(t.changes);
            contendedReplicates.addAll(t.contendedReplicates);
            contendedChanges.addAll(t.contendedChanges);
        }
    }

    private Score aggregate(Objective objective, Tally t) {
        boolean contended = !t.contendedChanges.isEmpty();
        return aggregate(objective, contended ? t.contendedChanges : t.changes, contended ? t.contendedReplicates : t.replicates);
    }

    private Score aggregate(Objective objective, List<Double> changes, List<double[]> replicates) {
        boolean geometric = objective.aggregation() == Objective.Aggregation.GEOMETRIC_RELATIVE;
        // Scenarios where the objective is undefined (NaN) do not count.
        List<Integer> defined = new ArrayList<>();
        for (int e = 0; e < changes.size(); e++) {
            if (!Double.isNaN(changes.get(e))) {
                defined.add(e);
            }
        }
        if (defined.isEmpty()) {
            return new Score(objective.name(), Double.NaN, Double.NaN, Double.NaN, Verdict.NO_DIFFERENCE, 0);
        }
        double[] obs = defined.stream().mapToDouble(changes::get).toArray();
        double observed = geometric ? geometricChange(obs) : mean(obs);
        int reps = replicates.get(0).length;
        double[] agg = new double[reps];
        double[] one = new double[defined.size()];
        int kept = 0;
        for (int b = 0; b < reps; b++) {
            for (int i = 0; i < defined.size(); i++) {
                one[i] = replicates.get(defined.get(i))[b];
            }
            double v = geometric ? geometricChange(one) : mean(one);
            if (Double.isFinite(v)) {
                agg[kept++] = v;
            }
        }
        double[] ci = stats.percentileInterval(java.util.Arrays.copyOf(agg, Math.max(1, kept)));
        return new Score(objective.name(), observed, ci[0], ci[1],
                Verdict.of(ci[0], ci[1], objective.lowerIsBetter()), defined.size());
    }

    private static double mean(double[] xs) {
        double s = 0;
        for (double x : xs) {
            s += x;
        }
        return s / xs.length;
    }

    /** exp(mean(log(1 + change))) - 1, with ratios floored just above zero. */
    static double geometricChange(double[] changes) {
        double sum = 0;
        for (double c : changes) {
            sum += Math.log(Math.max(1e-9, 1 + c));
        }
        return Math.exp(sum / changes.length) - 1;
    }

    private static RandomGenerator rng(Matrix m, String label, String purpose) {
        byte[] b = (m.name() + "|" + label + "|" + purpose).getBytes(StandardCharsets.UTF_8);
        long h = 0xcbf29ce484222325L;
        for (byte x : b) {
            h = (h ^ (x & 0xff)) * 0x100000001b3L;
        }
        return new Well19937(new int[] {(int) h, (int) (h >>> 32)});
    }

    private static long arrived(List<RunData> runs) {
        return runs.stream().flatMap(r -> r.result().classes().values().stream()).mapToLong(ClassSummary::arrived).sum();
    }

    private static long dropped(List<RunData> runs) {
        return runs.stream().flatMap(r -> r.result().classes().values().stream()).mapToLong(ClassSummary::dropped).sum();
    }

    private static double satOne(List<RunData> runs) {
        return runs.stream().mapToDouble(r -> r.result().saturation().shareAtLeastOne()).average().orElse(Double.NaN);
    }
}
