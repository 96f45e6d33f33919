// expect: fault|work units in one call
import io.nous.sim.spi.UsageLimitPolicy;

public final class InfiniteLoop implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        while (true) {
            ceilings[0] = 1.0;
        }
    }
}
