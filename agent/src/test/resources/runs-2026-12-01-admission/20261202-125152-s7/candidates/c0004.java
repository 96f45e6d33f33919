package io.nous.policy.templates;

import io.nous.sim.spi.AdmissionPolicy;

/**
 * Candidate c0004 of a Nous discovery run.
 * <p>Hypothesis: Adjusting the parent (constant 1.0 -> 1.23) shifts its trade-off
 * <p>Mechanism: the same mechanism as the parent, tuned
 * <p>Made by perturb-constant from c0001.
 */
public final class C0004Policy implements AdmissionPolicy {

    private final double threshold;

    public C0004Policy() {
        this(1.23);
    }

    public C0004Policy(double threshold) {
        this.threshold = threshold;
    }

    @Override
    public boolean admit(int priority, double saturation, double u) {
        if (priority >= 0) {
            return true;
        }
        return saturation < threshold;
    }
}
