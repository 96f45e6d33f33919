// expect: fault|outside [0, 1]
import io.nous.sim.spi.UsageLimitPolicy;

public final class CeilingAboveOne implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        ceilings[0] = 1.5;
    }
}
