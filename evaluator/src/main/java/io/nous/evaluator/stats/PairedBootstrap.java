package io.nous.evaluator.stats;

import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.stat.inference.TTest;

/**
 * Compares a candidate with a baseline on one per-seed statistic. The metric is the mean over seeds;
 * the change is relative. The confidence interval is a percentile bootstrap that resamples seeds
 * (the same seeds for both arms, keeping the common-random-numbers pairing) and, within each drawn
 * seed, the requests of each arm independently (which is conservative: it ignores the positive
 * correlation that common random numbers create). The verdict is {@link Verdict#of} on that
 * interval. The paired test, a one-sample t-test of the per-seed relative changes against zero, is
 * reported for information: with the few seeds a search affords it has little power, and a second
 * rule that can overrule the interval would make the same numbers read differently in different
 * places.
 */
public final class PairedBootstrap {
    private final int replicates;
    private final double confidence;

    public PairedBootstrap(int replicates, double confidence) {
        if (replicates < 100) {
            throw new IllegalArgumentException("at least 100 bootstrap replicates are needed, got " + replicates);
        }
        if (!(confidence > 0.5 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be in (0.5, 1), got " + confidence);
        }
        this.replicates = replicates;
        this.confidence = confidence;
    }

    public double confidence() {
        return confidence;
    }

    /** How many bootstrap replicates each comparison draws. */
    public int replicateCount() {
        return replicates;
    }

    /** The same bootstrap at another confidence (a look of a sequential comparison). */
    public PairedBootstrap atConfidence(double c) {
        return c == confidence ? this : new PairedBootstrap(replicates, c);
    }

    /** The bootstrap distribution of the relative change (for aggregation across scenarios). */
    public double[] replicates(SeedStatistic baseline, SeedStatistic candidate, RandomGenerator rng) {
        int n = baseline.seeds();
        double[] out = new double[replicates];
        for (int b = 0; b < replicates; b++) {
            double cb = 0;
            double cc = 0;
            for (int i = 0; i < n; i++) {
                int s = rng.nextInt(n);
                cb += baseline.replicate(s, rng);
                cc += candidate.replicate(s, rng);
            }
            out[b] = cb == 0 ? (cc == 0 ? 0 : Double.POSITIVE_INFINITY) : (cc - cb) / cb;
        }
        return out;
    }

    public Comparison compare(String metric, SeedStatistic baseline, SeedStatistic candidate, boolean lowerIsBetter,
                              RandomGenerator rng) {
        int n = baseline.seeds();
        double b = 0;
        double c = 0;
        double[] perSeed = new double[n];
        for (int s = 0; s < n; s++) {
            b += baseline.value(s);
            c += candidate.value(s);
            double bs = baseline.value(s);
            perSeed[s] = bs == 0 ? 0 : (candidate.value(s) - bs) / bs;
        }
        b /= n;
        c /= n;
        double change = b == 0 ? (c == 0 ? 0 : Double.POSITIVE_INFINITY) : (c - b) / b;
        if (Double.isNaN(b) || Double.isNaN(c)) {
            return new Comparison(metric, b, c, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Verdict.NO_DIFFERENCE);
        }
        double[] reps = replicates(baseline, candidate, rng);
        double[] ci = percentileInterval(reps);
        double p = pairedP(perSeed);
        return new Comparison(metric, b, c, change, ci[0], ci[1], p, Verdict.of(ci[0], ci[1], lowerIsBetter));
    }

    /** The central interval of the given replicates at this confidence. */
    public double[] percentileInterval(double[] reps) {
        double alpha = 1 - confidence;
        int lo = (int) Math.floor(alpha / 2 * (reps.length - 1));
        int hi = (int) Math.ceil((1 - alpha / 2) * (reps.length - 1));
        return OrderStatistics.pair(reps, lo, hi); // the elements a sort would put at lo and hi
    }

    private static double pairedP(double[] d) {
        if (d.length < 2) {
            return Double.NaN;
        }
        double mean = 0;
        for (double x : d) {
            mean += x;
        }
        mean /= d.length;
        double var = 0;
        for (double x : d) {
            var += (x - mean) * (x - mean);
        }
        if (var == 0) {
            return mean == 0 ? 1.0 : 0.0; // identical changes in every seed
        }
        return new TTest().tTest(0.0, d);
    }
}
