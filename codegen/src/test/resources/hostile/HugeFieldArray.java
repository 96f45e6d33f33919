// expect: fault|failed while being created
import io.nous.sim.spi.UsageLimitPolicy;

public final class HugeFieldArray implements UsageLimitPolicy {
    private final double[] big = new double[100_000_000];

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        ceilings[0] = big.length > 0 ? 1.0 : 1.0;
    }
}
