package io.nous.policy.templates;

import io.nous.sim.spi.UsageLimitPolicy;

/**
 * Candidate c0001 of a Nous discovery run.
 * <p>Hypothesis: the built-in static-usage-limit policy, observed before any proposal
 * <p>Mechanism: One ceiling for every band (threshold, default 1.0): the baseline.
 * <p>Made by seed.
 */
public final class C0001Policy implements UsageLimitPolicy {

    private final double threshold;

    public C0001Policy() {
        this(1.0);
    }

    public C0001Policy(double threshold) {
        this.threshold = threshold;
    }

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        for (int i = 0; i < priorities.length; i++) {
            ceilings[i] = threshold;
        }
    }
}
