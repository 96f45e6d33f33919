// expect: simulation|too slow
import io.nous.sim.spi.UsageLimitPolicy;

/** Cheap through the exercise grid, then every call takes huge remainders, one at a time. */
public final class LateRemainders implements UsageLimitPolicy {
    private long calls;
    private double phase = 1e300;

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        calls++;
        if (calls > 20000) {
            for (int i = 0; i < ceilings.length; i++) {
                phase %= 1e-300;
                phase += 1e300;
            }
        }
        for (int i = 0; i < ceilings.length; i++) {
            ceilings[i] = 1.0;
        }
    }
}
