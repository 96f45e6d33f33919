// expect: rejected|throw
import io.nous.sim.spi.UsageLimitPolicy;

public final class ExplicitThrow implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        throw new IllegalStateException("no");
    }
}
