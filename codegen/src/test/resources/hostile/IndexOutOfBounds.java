// expect: fault|ArrayIndexOutOfBoundsException
import io.nous.sim.spi.UsageLimitPolicy;

public final class IndexOutOfBounds implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        ceilings[ceilings.length] = 1.0;
    }
}
