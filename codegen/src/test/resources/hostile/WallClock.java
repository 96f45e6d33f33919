// expect: rejected|wall clock
import io.nous.sim.spi.UsageLimitPolicy;

public final class WallClock implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        if (System.currentTimeMillis() % 2 == 0) ceilings[ceilings.length - 1] = 0.0;
    }
}
