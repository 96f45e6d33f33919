package io.nous.evaluator.objective;

import io.nous.evaluator.run.PairedScenario;
import io.nous.evaluator.run.RunData;
import io.nous.evaluator.stats.Comparison;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.evaluator.stats.Verdict;
import io.nous.sim.metrics.ClassSummary;
import io.nous.sim.metrics.RequestSamples;
import java.util.List;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * The admission study's measure (higher is better): milliseconds of critical TTFT saved, summed
 * over critical requests, per sheddable request the candidate sheds beyond the baseline. Seeds are
 * pooled; a bootstrap replicate resamples seeds and, within a seed, draws the mean TTFTs from their
 * normal sampling laws and the shed counts from Poisson (normal approximation). Undefined (NaN)
 * where the candidate sheds no more than the baseline. Aggregated by the mean over contended
 * scenarios; only the no-harm constraint applies (an admission controller is meant to shed).
 */
final class MsSavedPerShed implements Objective {

    @Override
    public String name() {
        return "ms-saved-per-shed";
    }

    @Override
    public String description() {
        return "critical TTFT ms saved per extra sheddable request shed (higher is better)";
    }

    @Override
    public boolean lowerIsBetter() {
        return false;
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

    /** Per seed: critical count, mean and standard error of TTFT; sheddable dropped. */
    private record Seed(double n, double mean, double se, double shed) {
        static Seed of(RunData r) {
            RequestSamples s = r.samples().get("critical");
            float[] t = s == null ? new float[0] : s.ttftMs();
            double mean = 0;
            for (float x : t) {
                mean += x;
            }
            mean = t.length == 0 ? 0 : mean / t.length;
            double var = 0;
            for (float x : t) {
                var += (x - mean) * (x - mean);
            }
            double se = t.length < 2 ? 0 : Math.sqrt(var / (t.length - 1) / t.length);
            ClassSummary shed = r.result().classes().get("sheddable");
            return new Seed(t.length, mean, se, shed == null ? 0 : shed.dropped());
        }
    }

    private static double value(double savedMs, double extraShed) {
        return extraShed > 0 ? savedMs / extraShed : Double.NaN;
    }

    @Override
    public ScenarioScore score(PairedScenario p, PairedBootstrap stats, RandomGenerator rng) {
        int n = p.seeds();
        Seed[] b = new Seed[n];
        Seed[] c = new Seed[n];
        double saved = 0;
        double extra = 0;
        for (int s = 0; s < n; s++) {
            b[s] = Seed.of(p.baseline().get(s));
            c[s] = Seed.of(p.candidate().get(s));
            saved += c[s].n * (b[s].mean - c[s].mean);
            extra += c[s].shed - b[s].shed;
        }
        double observed = value(saved, extra);
        double[] reps = new double[2000];
        for (int r = 0; r < reps.length; r++) {
            double sv = 0;
            double ex = 0;
            for (int i = 0; i < n; i++) {
                int s = rng.nextInt(n);
                double mb = b[s].mean + b[s].se * rng.nextGaussian();
                double mc = c[s].mean + c[s].se * rng.nextGaussian();
                double sb = Math.max(0, b[s].shed + Math.sqrt(b[s].shed) * rng.nextGaussian());
                double sc = Math.max(0, c[s].shed + Math.sqrt(c[s].shed) * rng.nextGaussian());
                sv += c[s].n * (mb - mc);
                ex += sc - sb;
            }
            reps[r] = value(sv, ex);
        }
        if (Double.isNaN(observed)) {
            return new ScenarioScore(new Comparison(name(), 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                    Verdict.NO_DIFFERENCE), reps);
        }
        double[] finite = java.util.Arrays.stream(reps).filter(Double::isFinite).toArray();
        double[] ci = finite.length < reps.length / 2 ? new double[] {Double.NaN, Double.NaN} : stats.percentileInterval(finite);
        var verdict = Verdict.of(ci[0], ci[1], false);
        return new ScenarioScore(new Comparison(name(), 0, observed, observed, ci[0], ci[1], Double.NaN, verdict), reps);
    }
}
