// expect: rejected|static-state
import io.nous.sim.spi.UsageLimitPolicy;

public final class StaticCounter implements UsageLimitPolicy {
    private static long calls;

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        calls++;
        ceilings[0] = calls % 2 == 0 ? 1.0 : 1.0;
    }
}
