// expect: fault|outside [0, 1]
import io.nous.sim.spi.UsageLimitPolicy;

public final class NegativeCeiling implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        ceilings[ceilings.length - 1] = -0.1;
    }
}
