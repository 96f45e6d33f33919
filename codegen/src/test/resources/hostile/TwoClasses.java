// expect: rejected|only one top-level type
import io.nous.sim.spi.UsageLimitPolicy;

public final class TwoClasses implements UsageLimitPolicy {
    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
    }
}

class Helper {
}
