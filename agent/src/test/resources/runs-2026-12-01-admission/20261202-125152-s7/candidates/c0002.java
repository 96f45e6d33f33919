import io.nous.sim.spi.AdmissionPolicy;

/**
 * Candidate c0002 of a Nous discovery run.
 * <p>Hypothesis: Shedding sheddable requests with a ramp (refusal probability rising linearly
 * from saturation 0.777 to 1.224) protects critical TTFT near capacity
 * <p>Mechanism: fewer sheddable requests reach the pods as saturation builds, so critical
 * requests queue behind less work
 * <p>Made by reshape-ramp from c0001.
 */
public final class C0002Policy implements AdmissionPolicy {

    private static final double START = 0.777;

    private static final double WIDTH = 0.447;

    @Override
    public boolean admit(int priority, double saturation, double u) {
        if (priority >= 0) {
            return true;
        }
        double refuse = Math.min(1.0, Math.max(0.0, (saturation - START) / WIDTH));
        return u >= refuse;
    }
}
