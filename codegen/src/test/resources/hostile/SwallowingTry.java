// expect: rejected|try
import io.nous.sim.spi.UsageLimitPolicy;

public final class SwallowingTry implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        try {
            while (true) {
            }
        } catch (Throwable t) {
            ceilings[0] = 1.0;
        }
    }
}
