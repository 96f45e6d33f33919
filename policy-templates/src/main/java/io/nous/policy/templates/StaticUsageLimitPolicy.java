package io.nous.policy.templates;

import io.nous.sim.spi.UsageLimitPolicy;

/**
 * llm-d's {@code static-usage-limit-policy}: one threshold for every band. With the default
 * threshold 1.0 it gates nothing that the dispatch loop would not already halt at saturation 1, so
 * it is the baseline every candidate is compared against.
 */
public final class StaticUsageLimitPolicy implements UsageLimitPolicy {
    private final double threshold;

    public StaticUsageLimitPolicy() {
        this(1.0);
    }

    public StaticUsageLimitPolicy(double threshold) {
        this.threshold = threshold;
    }

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        for (int i = 0; i < priorities.length; i++) {
            ceilings[i] = threshold;
        }
    }
}
