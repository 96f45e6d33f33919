package io.nous.evaluator.objective;

import io.nous.evaluator.run.PairedScenario;
import io.nous.evaluator.run.RunData;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.evaluator.stats.Comparison;
import io.nous.evaluator.stats.SeedStatistic;
import io.nous.evaluator.stats.Verdict;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.pool.PoolSummary;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * What an autoscaled pool costs and delivers, per seed: its GPU-hours ({@code gpu-hours}, lower is
 * better, relative to the baseline) or the share of measured requests that met their TTFT objective
 * ({@code slo-attainment}, higher is better). The two are the autoscaling front: a policy that saves
 * GPU-hours may not give up attainment ({@link #SLO_HELD}), and one that raises attainment pays in
 * GPU-hours. A seed's value is exact for its arrivals; the bootstrap resamples seeds. A fixed pool
 * (no autoscaler) costs its pods times the run.
 */
final class PoolObjective implements Objective {
    /** Attainment a candidate may lose against the baseline, pooled over a scenario's seeds: one percentage point. */
    static final double ATTAINMENT_SLACK = 0.01;

    private final boolean cost;

    private PoolObjective(boolean cost) {
        this.cost = cost;
    }

    static PoolObjective gpuHours() {
        return new PoolObjective(true);
    }

    static PoolObjective sloAttainment() {
        return new PoolObjective(false);
    }

    @Override
    public String name() {
        return cost ? "gpu-hours" : "slo-attainment";
    }

    @Override
    public String description() {
        return cost ? "GPU-hours the pool holds over the run, TTFT-objective attainment held (lower is better)"
                : "share of measured requests whose first token met their TTFT objective (higher is better)";
    }

    @Override
    public String scenarioColumn() {
        return cost ? "GPU-hours" : "TTFT objective attainment";
    }

    @Override
    public boolean lowerIsBetter() {
        return cost;
    }

    /** Attainment is compared in percentage points (a pool can meet the objective for none of its requests); cost relatively. */
    @Override
    public Aggregation aggregation() {
        return cost ? Aggregation.GEOMETRIC_RELATIVE : Aggregation.MEAN_ABSOLUTE;
    }

    @Override
    public List<Constraint> constraints() {
        return cost ? List.of(SLO_HELD, Constraints.NO_ADDED_DROPS) : List.of(Constraints.NO_ADDED_DROPS);
    }

    /** GPU-hours of a run: the autoscaler's, or a fixed pool's pods times the run. */
    static double gpuHours(SimulationResult r) {
        PoolSummary p = r.pool();
        return p != null ? p.gpuHours() : r.pods() * r.simulatedSeconds() / 3600;
    }

    /** Attainment of a run (NaN when the pool is fixed: the simulator judges requests only for an autoscaled one). */
    static double attainment(SimulationResult r) {
        return r.pool() == null ? Double.NaN : r.pool().sloAttainment();
    }

    /** Each seed's GPU-hours or attainment: exact for its arrivals, so only the seeds are resampled. */
    private static SeedStatistic perSeed(List<RunData> runs, boolean cost) {
        double[] v = new double[runs.size()];
        for (int s = 0; s < v.length; s++) {
            SimulationResult r = runs.get(s).result();
            v[s] = cost ? gpuHours(r) : attainment(r);
        }
        return SeedStatistic.perSeed(v);
    }

    @Override
    public ScenarioScore score(PairedScenario p, PairedBootstrap stats, RandomGenerator rng) {
        SeedStatistic b = perSeed(p.baseline(), cost);
        SeedStatistic c = perSeed(p.candidate(), cost);
        if (cost) {
            return new ScenarioScore(stats.compare(name(), b, c, true, rng), stats.replicates(b, c, rng));
        }
        // attainment: the candidate's mean minus the baseline's (a fraction of requests), seeds resampled in pairs
        int n = b.seeds();
        double observed = points(b, c, null);
        double[] reps = new double[2000];
        int[] draw = new int[n];
        for (int r = 0; r < reps.length; r++) {
            for (int i = 0; i < n; i++) {
                draw[i] = rng.nextInt(n);
            }
            reps[r] = points(b, c, draw);
        }
        if (Double.isNaN(observed)) {
            return new ScenarioScore(new Comparison(name(), 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                    Verdict.NO_DIFFERENCE), reps);
        }
        double[] ci = stats.percentileInterval(reps);
        return new ScenarioScore(new Comparison(name(), 0, observed, observed, ci[0], ci[1], Double.NaN, Verdict.of(ci[0], ci[1], false)),
                reps);
    }

    /**
     * Mean attainment of the candidate minus the baseline's over the seeds {@code draw} names (all, when
     * null), as a fraction: 0.25 is 25 percentage points, which runs show as {@code +25.0%}.
     */
    private static double points(SeedStatistic b, SeedStatistic c, int[] draw) {
        int n = b.seeds();
        double sb = 0;
        double sc = 0;
        for (int i = 0; i < n; i++) {
            int s = draw == null ? i : draw[i];
            sb += b.value(s);
            sc += c.value(s);
        }
        return (sc - sb) / n;
    }

    /** {@code slo-held}: everywhere, the candidate's TTFT-objective attainment, seeds pooled, is at most one point below the baseline's. */
    static final Constraint SLO_HELD = new Constraint() {
        @Override
        public String name() {
            return "slo-held";
        }

        @Override
        public ConstraintResult check(List<PairedScenario> scenarios, Map<String, Map<String, Comparison>> comparisons,
                                      PairedBootstrap stats) {
            for (PairedScenario p : scenarios) {
                double b = mean(p.baseline());
                double c = mean(p.candidate());
                if (!Double.isNaN(b) && !Double.isNaN(c) && c < b - ATTAINMENT_SLACK) {
                    return new ConstraintResult(name(), false, String.format(Locale.ROOT,
                            "%s: TTFT objective met by %.1f%% of requests vs %.1f%% for the baseline over %d seeds", p.entry().label(),
                            100 * c, 100 * b, p.seeds()));
                }
            }
            return new ConstraintResult(name(), true, "TTFT-objective attainment held within one point on " + scenarios.size()
                    + " scenario(s)");
        }

        private double mean(List<RunData> runs) {
            double sum = 0;
            for (RunData r : runs) {
                sum += attainment(r.result());
            }
            return sum / runs.size();
        }
    };
}
