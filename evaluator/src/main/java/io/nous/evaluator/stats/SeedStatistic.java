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
}
