// expect: fault|read-only priorities
import io.nous.sim.spi.UsageLimitPolicy;

public final class ModifiesPriorities implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        priorities[0] = 42;
    }
}
