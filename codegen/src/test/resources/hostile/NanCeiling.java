// expect: fault|NaN
import io.nous.sim.spi.UsageLimitPolicy;

public final class NanCeiling implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        for (int i = 1; i < ceilings.length; i++) ceilings[i] = 0.0 / 0.0;
    }
}
