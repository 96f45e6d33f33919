package io.nous.evaluator.objective;

import io.nous.evaluator.run.PairedScenario;
import io.nous.evaluator.run.RunData;
import io.nous.evaluator.stats.Comparison;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.evaluator.stats.Verdict;
import io.nous.sim.metrics.ClassSummary;
import java.util.List;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * The admission trade-off's second axis (lower is better): the share of sheddable arrivals the
 * candidate drops, minus the baseline's, in percentage points, seeds pooled. It is absolute, not
 * relative, because the baseline usually sheds nothing; so scenarios combine by the mean. A bootstrap
 * replicate resamples seeds and draws each seed's drop count from its Poisson law (normal
 * approximation). Only the no-harm constraint applies: a front prices shedding, it does not forbid it.
 */
final class SheddableShed implements Objective {

    @Override
    public String name() {
        return "sheddable-shed";
    }

    @Override
    public String description() {
        return "sheddable requests shed, percentage points of their arrivals above the baseline's (lower is better)";
    }

    @Override
    public boolean lowerIsBetter() {
        return true;
    }

    @Override
    public boolean judgesShedding() {
        return true;
    }

    @Override
    public Aggregation aggregation() {
        return Aggregation.MEAN_ABSOLUTE;
    }

    @Override
    public List<Constraint> constraints() {
        return List.of(Constraints.NO_HARM);
    }

    /** The sheddable class of one run: arrivals and drops (zero and zero where the workload has none). */
    private static long[] sheddable(RunData r) {
        ClassSummary s = r.result().classes().get("sheddable");
        return s == null ? new long[] {0, 0} : new long[] {s.arrived(), s.dropped()};
    }

    @Override
    public ScenarioScore score(PairedScenario p, PairedBootstrap stats, RandomGenerator rng) {
        int n = p.seeds();
        long[][] b = new long[n][];
        long[][] c = new long[n][];
        for (int s = 0; s < n; s++) {
            b[s] = sheddable(p.baseline().get(s));
            c[s] = sheddable(p.candidate().get(s));
        }
        double observed = points(b, c, null, n, rng);
        double[] reps = new double[2000];
        int[] draw = new int[n];
        for (int r = 0; r < reps.length; r++) {
            for (int i = 0; i < n; i++) {
                draw[i] = rng.nextInt(n);
            }
            reps[r] = points(b, c, draw, n, rng);
        }
        if (Double.isNaN(observed)) {
            return new ScenarioScore(new Comparison(name(), 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                    Verdict.NO_DIFFERENCE), reps);
        }
        double[] ci = stats.percentileInterval(reps);
        return new ScenarioScore(new Comparison(name(), 0, observed, observed, ci[0], ci[1], Double.NaN, Verdict.of(ci[0], ci[1], true)),
                reps);
    }

    /**
     * Candidate's pooled shed share minus the baseline's, in points, over the seeds {@code draw} names
     * (each seed once, observed, when it is null; drop counts redrawn otherwise); NaN with no arrivals.
     */
    private static double points(long[][] b, long[][] c, int[] draw, int n, RandomGenerator rng) {
        double arrivedB = 0;
        double droppedB = 0;
        double arrivedC = 0;
        double droppedC = 0;
        for (int i = 0; i < n; i++) {
            int s = draw == null ? i : draw[i];
            arrivedB += b[s][0];
            arrivedC += c[s][0];
            droppedB += draw == null ? b[s][1] : poisson(b[s][1], rng);
            droppedC += draw == null ? c[s][1] : poisson(c[s][1], rng);
        }
        if (arrivedB == 0 || arrivedC == 0) {
            return Double.NaN;
        }
        return 100 * (droppedC / arrivedC - droppedB / arrivedB);
    }

    private static double poisson(long count, RandomGenerator rng) {
        return Math.max(0, count + Math.sqrt(count) * rng.nextGaussian());
    }
}
