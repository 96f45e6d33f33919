package io.nous.policy.templates;

import io.nous.sim.spi.AdmissionPolicy;

/**
 * Candidate c0003 of a Nous discovery run.
 * <p>Hypothesis: Adjusting the parent (constant 1.0 -> 0.945) shifts its trade-off
 * <p>Mechanism: the same mechanism as the parent, tuned
 * <p>Made by perturb-constant from c0001.
 */
public final class C0003Policy implements AdmissionPolicy {

    private final double threshold;

    public C0003Policy() {
        this(0.945);
    }

    public C0003Policy(double threshold) {
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
