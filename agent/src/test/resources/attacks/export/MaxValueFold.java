// expect: export=equivalent | Double.MAX_VALUE * 2 / 4 overflows to infinity in Java, is MAX_VALUE / 2 in a Go constant
import io.nous.sim.spi.UsageLimitPolicy;

public final class MaxValueFold implements UsageLimitPolicy {
    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        double big = Double.MAX_VALUE * 2 / 4;
        double gated = big == Double.POSITIVE_INFINITY ? 0.25 : 0.75;
        for (int i = 1; i < ceilings.length; i++) {
            ceilings[i] = saturation > 0.6 ? gated : 1.0;
        }
    }
}
