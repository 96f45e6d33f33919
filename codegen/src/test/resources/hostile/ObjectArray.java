// expect: rejected|Object
import io.nous.sim.spi.UsageLimitPolicy;

public final class ObjectArray implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        Object[] xs = new Object[3];
    }
}
