// expect: export=equivalent | 1000 * 1000 * 3000 wraps in Java's int arithmetic, not in a Go constant
import io.nous.sim.spi.UsageLimitPolicy;

public final class IntOverflowFold implements UsageLimitPolicy {
    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        long product = 1000 * 1000 * 3000;
        for (int i = 1; i < ceilings.length; i++) {
            ceilings[i] = saturation > 0.7 && product < 0 ? 0.5 : 1.0;
        }
    }
}
