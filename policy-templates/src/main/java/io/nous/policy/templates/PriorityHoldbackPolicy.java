package io.nous.policy.templates;

import io.nous.sim.spi.UsageLimitPolicy;

/**
 * llm-d's {@code priority-holdback-policy}: static ceilings spread from {@code maxCeiling} for the
 * highest band down to {@code minCeiling} for the lowest, by rank (evenly spaced) or by priority
 * value (linearly in the priority number). It ignores saturation.
 */
public final class PriorityHoldbackPolicy implements UsageLimitPolicy {
    private final double minCeiling;
    private final double maxCeiling;
    private final boolean byValue;

    /** The llm-d flow-control guide's example: ceilings from 1.0 down to 0.5, by rank. */
    public PriorityHoldbackPolicy() {
        this(0.5, 1.0, false);
    }

    public PriorityHoldbackPolicy(double minCeiling, double maxCeiling, boolean byValue) {
        this.minCeiling = minCeiling;
        this.maxCeiling = maxCeiling;
        this.byValue = byValue;
    }

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        int n = priorities.length;
        if (n == 0) {
            return;
        }
        if (n == 1) {
            ceilings[0] = maxCeiling;
            return;
        }
        double span = maxCeiling - minCeiling;
        if (byValue) {
            int pMax = priorities[0];
            int pMin = priorities[n - 1];
            for (int i = 0; i < n; i++) {
                ceilings[i] = pMax == pMin
                        ? maxCeiling
                        : minCeiling + (double) (priorities[i] - pMin) / (pMax - pMin) * span;
            }
        } else {
            for (int i = 0; i < n; i++) {
                ceilings[i] = maxCeiling - i * span / (n - 1);
            }
        }
    }
}
