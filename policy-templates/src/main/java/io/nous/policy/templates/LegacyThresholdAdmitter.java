package io.nous.policy.templates;

import io.nous.sim.spi.AdmissionPolicy;

/**
 * The router's legacy admission rule as an admitter: protected requests (priority >= 0) always
 * enter; sheddable requests are refused once saturation reaches the threshold (1.0, as the legacy
 * path without flow control does). The seed an admission search starts from.
 */
public final class LegacyThresholdAdmitter implements AdmissionPolicy {
    private final double threshold;

    public LegacyThresholdAdmitter() {
        this(1.0);
    }

    public LegacyThresholdAdmitter(double threshold) {
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
