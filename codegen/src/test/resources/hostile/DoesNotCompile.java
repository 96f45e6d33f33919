// expect: rejected|
import io.nous.sim.spi.UsageLimitPolicy;

public final class DoesNotCompile implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        int half = saturation / 2;
        ceilings[0] = half;
    }
}
