// expect: rejected|static array
import io.nous.sim.spi.UsageLimitPolicy;

public final class StaticArrayState implements UsageLimitPolicy {
    private static final long[] shared = new long[1];

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        shared[0]++;
    }
}
