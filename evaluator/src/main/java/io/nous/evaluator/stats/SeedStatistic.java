package io.nous.evaluator.stats;

import org.apache.commons.math3.random.RandomGenerator;

/**
 * A statistic measured once per seed (for example the p99 of critical TTFT in that seed's run),
 * with a way to draw a bootstrap replicate of it (resampling that run's requests).
 */
public interface SeedStatistic {

    int seeds();

    /** The observed value in seed {@code s}. */
    double value(int s);

    /** One bootstrap replicate of the value in seed {@code s}. */
    double replicate(int s, RandomGenerator rng);

    /**
     * One value per seed with nothing inside a run to resample (a run's throughput, its prefix-cache
     * hit rate): a replicate is the seed's value, so the variation comes from resampling seeds.
     */
    static SeedStatistic perSeed(double[] values) {
        double[] v = values.clone();
        return new SeedStatistic() {
            @Override
            public int seeds() {
                return v.length;
            }

            @Override
            public double value(int s) {
                return v[s];
            }

            @Override
            public double replicate(int s, RandomGenerator rng) {
                return v[s];
            }
        };
    }
}
