import io.nous.sim.spi.UsageLimitPolicy;
import io.nous.sim.spi.AdmissionPolicy;

/**
 * Candidate c0001 of a Nous discovery run.
 * <p>Hypothesis: the built-in static-usage-limit+legacy-threshold policy, observed before any
 * proposal
 * <p>Mechanism: The usage-limit policy static-usage-limit and the admitter legacy-threshold
 * together. One ceiling for every band (threshold, default 1.0): the baseline. Refuses sheddable
 * requests once saturation reaches threshold (default 1.0): the legacy rule as an admitter.
 * <p>Made by seed.
 */
public final class C0001Policy implements UsageLimitPolicy, AdmissionPolicy {

    private final double threshold = 1.0;

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        for (int i = 0; i < priorities.length; i++) {
            ceilings[i] = threshold;
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
