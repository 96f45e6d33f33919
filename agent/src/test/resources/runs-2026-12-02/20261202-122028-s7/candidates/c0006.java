import io.nous.sim.spi.UsageLimitPolicy;
import io.nous.sim.spi.AdmissionPolicy;

/**
 * Candidate c0006 of a Nous discovery run.
 * <p>Hypothesis: Deciding on the saturation averaged over recent calls (decide on the saturation
 * averaged over 64 calls (admitter half)) sheds in sustained overload, not in brief spikes
 * <p>Mechanism: under capacity saturation spikes for a few hundred milliseconds and falls back;
 * in overload it stays high, so an average separates the two where the latest scrape cannot
 * <p>Made by smooth-saturation from c0002.
 */
public final class C0006Policy implements UsageLimitPolicy, AdmissionPolicy {

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

    /**
     * Calls the saturation is averaged over.
     */
    private static final long WINDOW = 64;

    /**
     * Average saturation over the last calls, in millionths.
     */
    private long smoothed;

    private final double threshold = 1.0;

    @Override
    public boolean admit(int priority, double saturation, double u) {
        smoothed += ((long) (saturation * 1e6) - smoothed) / WINDOW;
        double level = smoothed / 1e6;
        if (priority >= 0) {
            return true;
        }
        return level < threshold;
    }
}
