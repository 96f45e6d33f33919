package io.nous.policy.templates;

import io.nous.sim.spi.AdmissionPolicy;

/**
 * Candidate c0001 of a Nous discovery run.
 * <p>Hypothesis: the built-in legacy-threshold policy, observed before any proposal
 * <p>Mechanism: Refuses sheddable requests once saturation reaches threshold (default 1.0): the
 * legacy rule as an admitter.
 * <p>Made by seed.
 */
public final class C0001Policy implements AdmissionPolicy {

    private final double threshold;

    public C0001Policy() {
        this(1.0);
    }

    public C0001Policy(double threshold) {
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
