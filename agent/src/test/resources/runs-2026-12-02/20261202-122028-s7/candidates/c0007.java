import io.nous.sim.spi.UsageLimitPolicy;
import io.nous.sim.spi.AdmissionPolicy;

/**
 * Candidate c0007 of a Nous discovery run.
 * <p>Hypothesis: Shedding sheddable requests with a power (refusal probability min(s^3.0 * 0.5,
 * 1) (admitter half)) protects critical TTFT near capacity
 * <p>Mechanism: fewer sheddable requests reach the pods as saturation builds, so critical
 * requests queue behind less work
 * <p>Made by reshape-power from c0002.
 */
public final class C0007Policy implements UsageLimitPolicy, AdmissionPolicy {

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

    private static final double POWER = 3.0;

    private static final double K = 0.5;

    @Override
    public boolean admit(int priority, double saturation, double u) {
        if (priority >= 0) {
            return true;
        }
        double refuse = Math.min(1.0, Math.pow(saturation, POWER) * K);
        return u >= refuse;
    }
}
