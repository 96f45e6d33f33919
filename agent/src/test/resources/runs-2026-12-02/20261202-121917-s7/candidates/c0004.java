package io.nous.policy.templates;

import io.nous.sim.spi.AdmissionPolicy;

/**
 * Candidate c0004 of a Nous discovery run.
 * <p>Hypothesis: Shedding on the queue term, and on the KV term only from its onset (decide on
 * the queue term, and on the KV term from 0.7), sheds in overload without shedding long-context
 * traffic under capacity
 * <p>Mechanism: pods that fall behind build queues; long contexts fill the KV cache under
 * capacity without queueing, and a full cache (preemption) is overload whatever the queue says
 * <p>Made by separate-terms from c0003.
 */
public final class C0004Policy implements AdmissionPolicy {

    /**
     * KV term from which a filling KV cache counts as overload; below it only the queue term does.
     */
    private static final double KV_ONSET = 0.7;

    private final double threshold;

    public C0004Policy() {
        this(0.945);
    }

    public C0004Policy(double threshold) {
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
