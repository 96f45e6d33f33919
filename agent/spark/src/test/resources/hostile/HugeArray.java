// expect: fault|exceeds the limit of 65536
import io.nous.sim.spi.UsageLimitPolicy;

public final class HugeArray implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        double[] big = new double[1 << 30];
        ceilings[0] = big.length > 0 ? 1.0 : 0.0;
    }
}
