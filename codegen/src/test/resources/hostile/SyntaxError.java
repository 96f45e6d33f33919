// expect: rejected|syntax
import io.nous.sim.spi.UsageLimitPolicy;

public final class SyntaxError implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        ceilings[0] = (1.0;
    }
}
