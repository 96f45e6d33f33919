package io.nous.policy.templates;

import io.nous.sim.spi.AdmissionPolicy;

/**
 * Candidate c0006 of a Nous discovery run.
 * <p>Hypothesis: Adjusting the parent (constant 0.778 -> 0.706) shifts its trade-off
 * <p>Mechanism: the same mechanism as the parent, tuned
 * <p>Made by perturb-constant from c0005.
 */
public final class C0006Policy implements AdmissionPolicy {

    /**
     * KV term from which a filling KV cache counts as overload; below it only the queue term does.
     */
    private static final double KV_ONSET = 0.7;

    private final double threshold;

    public C0006Policy() {
        this(0.706);
    }

    public C0006Policy(double threshold) {
        this.threshold = threshold;
    }

    @Override
    public boolean admit(int priority, double saturation, double queue, double kv, double u) {
        double signal = Math.max(queue, kv >= KV_ONSET ? kv : 0.0);
        if (priority >= 0) {
            return true;
        }
        return signal < threshold;
    }
}
