package io.nous.evaluator.stats;

import java.util.Arrays;
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
    /** Per seed, the sampler of Beta(k, n - k + 1) (null for a seed without samples). */
    private final BetaSampler[] beta;

    /** @param samples per seed, the per-request values (not modified) */
    public QuantileStatistic(float[][] samples, double q) {
        this(q, sortedCopies(samples));
    }

    /** Over {@code sorted}, per seed in ascending order, kept as it is. */
    private QuantileStatistic(double q, float[][] sorted) {
        this.q = q;
        this.sorted = sorted;
        this.beta = new BetaSampler[sorted.length];
        for (int s = 0; s < sorted.length; s++) {
            int n = sorted[s].length;
            if (n > 0) {
                int k = rank(n);
                beta[s] = new BetaSampler(k, n - k + 1);
            }
        }
    }

    /**
     * The same statistic over samples that are already in ascending order, per seed (as
     * {@code RequestSamples} keeps them sorted once for every comparison): read, never modified.
     */
    public static QuantileStatistic ofSorted(float[][] sortedSamples, double q) {
        return new QuantileStatistic(q, sortedSamples.clone());
    }

    private static float[][] sortedCopies(float[][] samples) {
        float[][] out = new float[samples.length][];
        for (int s = 0; s < samples.length; s++) {
            out[s] = samples[s].clone();
            Arrays.sort(out[s]);
        }
        return out;
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
        return x[beta[s].rank(rng, x.length) - 1];
    }
}
