// expect: fault|must not increase
import io.nous.sim.spi.UsageLimitPolicy;

public final class IncreasingCeilings implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        if (ceilings.length > 1) {
            ceilings[0] = 0.2;
        }
    }
}
