import io.nous.sim.spi.UsageLimitPolicy;
import io.nous.sim.spi.AdmissionPolicy;

/**
 * Candidate c0002 of a Nous discovery run.
 * <p>Hypothesis: the built-in soft-reflective-ceiling+legacy-threshold policy, observed before
 * any proposal
 * <p>Mechanism: The usage-limit policy soft-reflective-ceiling and the admitter legacy-threshold
 * together. Band i closes above s = 1 - i*s/(N-1) and reopens on every round(s/(1-s))-th cycle; no
 * parameters. Refuses sheddable requests once saturation reaches threshold (default 1.0): the
 * legacy rule as an admitter.
 * <p>Made by seed.
 */
public final class C0002Policy implements UsageLimitPolicy, AdmissionPolicy {

    private long tick;

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        int n = priorities.length;
        if (n == 0) {
            return;
        }
        if (n == 1) {
            ceilings[0] = 1.0;
            return;
        }
        double s = saturation;
        boolean open = false;
        if (s >= 1 - s && s < 1) {
            long period = Math.max(1, Math.round(s / (1 - s + 1e-9)));
            tick++;
            open = tick % period == 0;
        }
        ceilings[0] = 1.0;
        for (int i = 1; i < n; i++) {
            double reflective = 1 - i * s / (n - 1);
            if (s < reflective) {
                ceilings[i] = 1.0;
            } else if (s >= 1) {
                ceilings[i] = 0.0;
            } else {
                ceilings[i] = open ? 1.0 : 0.0;
            }
        }
    }

    private final double threshold = 1.0;

    @Override
    public boolean admit(int priority, double saturation, double u) {
        if (priority >= 0) {
            return true;
        }
        return saturation < threshold;
    }
}
