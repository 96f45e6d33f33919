package io.nous.policy.templates;

import io.nous.sim.spi.UsageLimitPolicy;

/**
 * Candidate c0005 of a Nous discovery run.
 * <p>Hypothesis: Letting gated bands through now and then (gated bands open on one cycle in 5)
 * keeps sheddable traffic alive at little cost
 * <p>Mechanism: a small share of sheddable dispatches drains the band before TTL expiry without
 * refilling the pods
 * <p>Made by add-duty-cycle from c0002.
 */
public final class C0005Policy implements UsageLimitPolicy {

    private final double threshold;

    public C0005Policy() {
        this(1.0);
    }

    public C0005Policy(double threshold) {
        this.threshold = threshold;
    }

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        cycle++;
        for (int i = 0; i < priorities.length; i++) {
            ceilings[i] = (i > 0 && saturation >= 0.58) ? (cycle % 5 == 0 ? 1.0 : 0.0) : (threshold);
        }
    }

    private long cycle;
}
