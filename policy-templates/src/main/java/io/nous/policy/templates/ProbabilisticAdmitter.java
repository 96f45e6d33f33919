package io.nous.policy.templates;

import io.nous.sim.spi.AdmissionPolicy;

/**
 * llm-d's {@code probabilistic-admitter}: requests with priority >= 0 are always admitted; a
 * sheddable request is rejected with probability {@code min(s^power * k, 1)} (defaults power 5,
 * k 300: 100 % shedding from s of about 0.34).
 */
public final class ProbabilisticAdmitter implements AdmissionPolicy {
    private final double power;
    private final double k;

    public ProbabilisticAdmitter() {
        this(5.0, 300.0);
    }

    public ProbabilisticAdmitter(double power, double k) {
        this.power = power;
        this.k = k;
    }

    @Override
    public boolean admit(int priority, double saturation, double u) {
        if (priority >= 0) {
            return true;
        }
        // StrictMath: the same bits on every machine, and what a candidate's Math.pow runs as
        double p = Math.min(StrictMath.pow(saturation, power) * k, 1.0);
        return !(u < p);
    }
}
