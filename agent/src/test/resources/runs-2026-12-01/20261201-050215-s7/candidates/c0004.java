package io.nous.policy.templates;

import io.nous.sim.spi.UsageLimitPolicy;

/**
 * Candidate c0004 of a Nous discovery run.
 * <p>Hypothesis: Closing lower bands when saturation >= 0.6 protects critical TTFT near capacity
 * <p>Mechanism: sheddable dispatches stop while the pool is close to saturation, so critical
 * requests meet shorter pod queues
 * <p>Made by insert-gate from c0001.
 */
public final class C0004Policy implements UsageLimitPolicy {

    private final double threshold;

    public C0004Policy() {
        this(1.0);
    }

    public C0004Policy(double threshold) {
        this.threshold = threshold;
    }

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        for (int i = 0; i < priorities.length; i++) {
            ceilings[i] = (i > 0 && saturation >= 0.6) ? 0.0 : (threshold);
        }
    }
}
