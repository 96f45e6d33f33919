package io.nous.evaluator.stats;

import java.util.Arrays;
import org.apache.commons.math3.distribution.BetaDistribution;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * A quantile (nearest rank) of per-request samples, per seed. A bootstrap replicate does not
 * resample the requests: the k-th smallest of n draws with replacement from the sorted sample is
 * the element at index {@code ceil(U n)} where {@code U ~ Beta(k, n - k + 1)} is the k-th order
 * statistic of n uniforms, mapped monotonically onto the n ranks. One Beta draw per replicate gives
 * exactly the resampling distribution, at any sample size.
 */
public final class QuantileStatistic implements SeedStatistic {
    private final float[][] sorted;
    private final double q;
    /** Beta samplers (Cheng's algorithm), bound to the generator in use. */
    private BetaDistribution[] beta;
    private RandomGenerator boundTo;

    /** @param samples per seed, the per-request values (not modified) */
    public QuantileStatistic(float[][] samples, double q) {
        this.q = q;
        this.sorted = new float[samples.length][];
        for (int s = 0; s < samples.length; s++) {
            sorted[s] = samples[s].clone();
            Arrays.sort(sorted[s]);
        }
    }

    private int rank(int n) {
        return Math.max(1, (int) Math.ceil(q * n));
    }

    @Override
    public int seeds() {
        return sorted.length;
    }

    @Override
    public double value(int s) {
        float[] x = sorted[s];
        return x.length == 0 ? Double.NaN : x[rank(x.length) - 1];
    }

    @Override
    public double replicate(int s, RandomGenerator rng) {
        float[] x = sorted[s];
        if (x.length == 0) {
            return Double.NaN;
        }
        if (rng != boundTo) {
            beta = new BetaDistribution[sorted.length];
            for (int i = 0; i < sorted.length; i++) {
                int n = sorted[i].length;
                if (n > 0) {
                    int k = rank(n);
                    beta[i] = new BetaDistribution(rng, k, n - k + 1);
                }
            }
            boundTo = rng;
        }
        double u = beta[s].sample();
        int j = Math.min(x.length, Math.max(1, (int) Math.ceil(u * x.length)));
        return x[j - 1];
    }
}
