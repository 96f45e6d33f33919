package io.nous.evaluator;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.evaluator.stats.Comparison;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.evaluator.stats.QuantileStatistic;
import io.nous.evaluator.stats.Verdict;
import org.apache.commons.math3.distribution.LogNormalDistribution;
import org.apache.commons.math3.random.Well19937c;
import org.junit.jupiter.api.Test;

/** Synthetic data with a known effect: the interval must contain it about as often as it claims. */
class BootstrapCoverageTest {

    /** Three seeds of n requests; the candidate's latencies are the same law scaled by {@code factor}. */
    private static Comparison experiment(int trial, double factor, int n) {
        Well19937c data = new Well19937c(1000 + trial);
        LogNormalDistribution law = new LogNormalDistribution(data, Math.log(200), 0.6);
        float[][] base = new float[3][n];
        float[][] cand = new float[3][n];
        for (int s = 0; s < 3; s++) {
            for (int i = 0; i < n; i++) {
                base[s][i] = (float) law.sample();
                cand[s][i] = (float) (factor * law.sample());
            }
        }
        return new PairedBootstrap(500, 0.95).compare("p99", new QuantileStatistic(base, 0.99), new QuantileStatistic(cand, 0.99),
                true, new Well19937c(trial));
    }

    @Test
    void theIntervalCoversAKnownTwentyPercentImprovement() {
        int covered = 0;
        int trials = 120;
        for (int t = 0; t < trials; t++) {
            Comparison c = experiment(t, 0.8, 2000);
            if (c.ciLow() <= -0.2 && -0.2 <= c.ciHigh()) {
                covered++;
            }
        }
        // nominal 95%; the interval is conservative by design (arms resampled independently)
        assertThat(covered / (double) trials).isBetween(0.90, 1.0);
    }

    @Test
    void aLargeKnownEffectIsDetectedAndNoEffectIsNot() {
        assertThat(experiment(1, 0.7, 3000).verdict()).isEqualTo(Verdict.BETTER);
        assertThat(experiment(2, 1.3, 3000).verdict()).isEqualTo(Verdict.WORSE);
        int falsePositives = 0;
        for (int t = 0; t < 60; t++) {
            if (experiment(100 + t, 1.0, 2000).verdict() != Verdict.NO_DIFFERENCE) {
                falsePositives++;
            }
        }
        assertThat(falsePositives).isLessThanOrEqualTo(3);
    }

    @Test
    void theOrderStatisticShortcutMatchesRealResampling() {
        // bootstrap p99 by one Beta draw vs by resampling n requests: same mean and spread
        Well19937c data = new Well19937c(5);
        LogNormalDistribution law = new LogNormalDistribution(data, Math.log(100), 0.8);
        int n = 1500;
        float[] x = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = (float) law.sample();
        }
        QuantileStatistic q = new QuantileStatistic(new float[][] {x}, 0.99);
        Well19937c rng = new Well19937c(9);
        int reps = 4000;
        double[] fast = new double[reps];
        double[] slow = new double[reps];
        float[] buf = new float[n];
        for (int r = 0; r < reps; r++) {
            fast[r] = q.replicate(0, rng);
            for (int i = 0; i < n; i++) {
                buf[i] = x[rng.nextInt(n)];
            }
            java.util.Arrays.sort(buf);
            slow[r] = buf[(int) Math.ceil(0.99 * n) - 1];
        }
        assertThat(mean(fast)).isCloseTo(mean(slow), org.assertj.core.api.Assertions.within(0.01 * mean(slow)));
        assertThat(sd(fast)).isCloseTo(sd(slow), org.assertj.core.api.Assertions.within(0.08 * sd(slow)));
    }

    private static double mean(double[] a) {
        return java.util.Arrays.stream(a).average().orElseThrow();
    }

    private static double sd(double[] a) {
        double m = mean(a);
        return Math.sqrt(java.util.Arrays.stream(a).map(v -> (v - m) * (v - m)).sum() / (a.length - 1));
    }
}
