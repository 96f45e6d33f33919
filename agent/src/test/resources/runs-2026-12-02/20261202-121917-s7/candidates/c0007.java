import io.nous.sim.spi.AdmissionPolicy;

/**
 * Candidate c0007 of a Nous discovery run.
 * <p>Hypothesis: Shedding sheddable requests with a threshold (refuse every sheddable request
 * from saturation 0.75) protects critical TTFT near capacity
 * <p>Mechanism: fewer sheddable requests reach the pods as saturation builds, so critical
 * requests queue behind less work
 * <p>Made by reshape-threshold from c0006.
 */
public final class C0007Policy implements AdmissionPolicy {

    /**
     * KV term from which a filling KV cache counts as overload; below it only the queue term does.
     */
    private static final double KV_ONSET = 0.7;

    private static final double THRESHOLD = 0.75;

    @Override
    public boolean admit(int priority, double saturation, double queue, double kv, double u) {
        double signal = Math.max(queue, kv >= KV_ONSET ? kv : 0.0);
        if (priority >= 0) {
            return true;
        }
        return signal < THRESHOLD;
    }
}
