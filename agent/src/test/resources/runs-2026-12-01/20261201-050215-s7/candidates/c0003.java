package io.nous.policy.templates;

import io.nous.sim.spi.UsageLimitPolicy;

/**
 * Candidate c0003 of a Nous discovery run.
 * <p>Hypothesis: Adjusting the parent (constant 1.0 -> 0.967) shifts its trade-off
 * <p>Mechanism: the same mechanism as the parent, tuned
 * <p>Made by perturb-constant from c0001.
 */
public final class C0003Policy implements UsageLimitPolicy {

    private final double threshold;

    public C0003Policy() {
        this(0.967);
    }

    public C0003Policy(double threshold) {
        this.threshold = threshold;
    }

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        for (int i = 0; i < priorities.length; i++) {
            ceilings[i] = threshold;
        }
    }
}
