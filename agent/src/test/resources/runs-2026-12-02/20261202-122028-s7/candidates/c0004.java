import io.nous.sim.spi.UsageLimitPolicy;
import io.nous.sim.spi.AdmissionPolicy;

/**
 * Candidate c0004 of a Nous discovery run.
 * <p>Hypothesis: Adjusting the parent (constant 1.0 -> 1.28 (admitter half)) shifts its trade-off
 * <p>Mechanism: the same mechanism as the parent, tuned
 * <p>Made by perturb-constant from c0001.
 */
public final class C0004Policy implements UsageLimitPolicy, AdmissionPolicy {

    private final double threshold = 1.0;

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        for (int i = 0; i < priorities.length; i++) {
            ceilings[i] = threshold;
        }
    }

    private final double admitThreshold = 1.28;

    @Override
    public boolean admit(int priority, double saturation, double u) {
        if (priority >= 0) {
            return true;
        }
        return saturation < admitThreshold;
    }
}
