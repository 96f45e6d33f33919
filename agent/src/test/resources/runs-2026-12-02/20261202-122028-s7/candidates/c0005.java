import io.nous.sim.spi.UsageLimitPolicy;
import io.nous.sim.spi.AdmissionPolicy;

/**
 * Candidate c0005 of a Nous discovery run.
 * <p>Hypothesis: Closing lower bands when saturation >= 0.65 (usage-limit half) protects critical
 * TTFT near capacity
 * <p>Mechanism: sheddable dispatches stop while the pool is close to saturation, so critical
 * requests meet shorter pod queues
 * <p>Made by insert-gate from c0001.
 */
public final class C0005Policy implements UsageLimitPolicy, AdmissionPolicy {

    private final double threshold = 1.0;

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        for (int i = 0; i < priorities.length; i++) {
            ceilings[i] = (i > 0 && saturation >= 0.65) ? 0.0 : (threshold);
        }
    }

    private final double admitThreshold = 1.0;

    @Override
    public boolean admit(int priority, double saturation, double u) {
        if (priority >= 0) {
            return true;
        }
        return saturation < admitThreshold;
    }
}
