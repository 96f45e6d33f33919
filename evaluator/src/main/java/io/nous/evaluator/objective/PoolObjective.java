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
 * better, relative to the baseline), the share of measured requests that met their TTFT objective
 * ({@code slo-attainment}, higher is better), or the two as one price, GPU-seconds per request that
 * met its objective ({@code slo-cost}, lower is better). The first two are the autoscaling front: a
 * policy that saves GPU-hours may not give up attainment ({@link #SLO_HELD}), and one that raises
 * attainment pays in GPU-hours. The price ranks a pool that is cheap because it misses the objective
 * for most requests below one that costs more and meets it, which GPU-hours alone cannot; it holds
 * attainment too. A seed's value is exact for its arrivals; the bootstrap resamples seeds. A fixed
 * pool (no autoscaler) costs its pods times the run.
 */
final class PoolObjective implements Objective {
    /** Attainment a candidate may lose against the baseline, pooled over a scenario's seeds: one percentage point. */
    static final double ATTAINMENT_SLACK = 0.01;

    /** What a seed's value is. */
    private enum Kind {
        GPU_HOURS("gpu-hours", "GPU-hours the pool holds over the run, TTFT-objective attainment held (lower is better)", "GPU-hours"),
        SLO_ATTAINMENT("slo-attainment", "share of measured requests whose first token met their TTFT objective (higher is better)",
                "TTFT objective attainment"),
        SLO_COST("slo-cost", "GPU-seconds the pool holds per measured request whose first token met its TTFT objective, attainment "
                + "held (lower is better)", "GPU-s per request within objective");

        final String id;
        final String description;
        final String column;

        Kind(String id, String description, String column) {
            this.id = id;
            this.description = description;
            this.column = column;
        }
    }

    private final Kind kind;

    private PoolObjective(Kind kind) {
        this.kind = kind;
    }

    static PoolObjective gpuHours() {
        return new PoolObjective(Kind.GPU_HOURS);
    }

    static PoolObjective sloAttainment() {
        return new PoolObjective(Kind.SLO_ATTAINMENT);
    }

    static PoolObjective sloCost() {
        return new PoolObjective(Kind.SLO_COST);
    }

    @Override
    public String name() {
        return kind.id;
    }

    @Override
    public String description() {
        return kind.description;
    }

    @Override
    public String scenarioColumn() {
        return kind.column;
    }

    @Override
    public boolean lowerIsBetter() {
        return kind != Kind.SLO_ATTAINMENT;
    }

    /** Attainment is compared in percentage points (a pool can meet the objective for none of its requests); costs relatively. */
    @Override
    public Aggregation aggregation() {
        return kind == Kind.SLO_ATTAINMENT ? Aggregation.MEAN_ABSOLUTE : Aggregation.GEOMETRIC_RELATIVE;
    }

    @Override
    public List<Constraint> constraints() {
        return kind == Kind.SLO_ATTAINMENT ? List.of(Constraints.NO_ADDED_DROPS) : List.of(SLO_HELD, Constraints.NO_ADDED_DROPS);
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

    /**
     * GPU-seconds per measured request that met its TTFT objective (NaN for a fixed pool); a run in
     * which none met it is priced as if one had, so the price stays finite and still the worst.
     */
    static double sloCost(SimulationResult r) {
        PoolSummary p = r.pool();
        if (p == null || Double.isNaN(p.sloAttainment())) {
            return Double.NaN;
        }
        double met = Math.max(1, Math.round(p.sloAttainment() * p.judgedRequests()));
        return p.gpuHours() * 3600 / met;
    }

    /** Each seed's value: exact for its arrivals, so only the seeds are resampled. */
    private static SeedStatistic perSeed(List<RunData> runs, Kind kind) {
        double[] v = new double[runs.size()];
        for (int s = 0; s < v.length; s++) {
            SimulationResult r = runs.get(s).result();
            v[s] = switch (kind) {
                case GPU_HOURS -> gpuHours(r);
                case SLO_ATTAINMENT -> attainment(r);
                case SLO_COST -> sloCost(r);
            };
        }
        return SeedStatistic.perSeed(v);
    }

    @Override
    public ScenarioScore score(PairedScenario p, PairedBootstrap stats, RandomGenerator rng) {
        SeedStatistic b = perSeed(p.baseline(), kind);
        SeedStatistic c = perSeed(p.candidate(), kind);
        if (kind != Kind.SLO_ATTAINMENT) {
            if (hasNaN(b) || hasNaN(c)) {
                // a fixed pool judges no request against the objective: it has no price to compare
                return new ScenarioScore(new Comparison(name(), 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                        Verdict.NO_DIFFERENCE), undefined(stats.replicateCount()));
            }
            return new ScenarioScore(stats.compare(name(), b, c, true, rng), stats.replicates(b, c, rng));
        }
        // attainment: the candidate's mean minus the baseline's (a fraction of requests), seeds resampled in pairs
        int n = b.seeds();
        double observed = points(b, c, null);
        double[] reps = new double[stats.replicateCount()];
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

    private static double[] undefined(int replicates) {
        double[] reps = new double[replicates];
        java.util.Arrays.fill(reps, Double.NaN);
        return reps;
    }

    private static boolean hasNaN(SeedStatistic s) {
        for (int i = 0; i < s.seeds(); i++) {
            if (Double.isNaN(s.value(i))) {
                return true;
            }
        }
        return false;
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
