// expect: export=equivalent | a[f()] *= x became a[f()] = a[f()] * x, calling f twice
import io.nous.sim.spi.UsageLimitPolicy;

public final class CompoundIndexTwice implements UsageLimitPolicy {
    private long tick;

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        if (ceilings.length < 2 || saturation < 0.5) {
            return;
        }
        ceilings[last(ceilings)] *= 0.5;
        if (tick % 4 == 0) {
            ceilings[ceilings.length - 1] = 0.0;
        }
    }

    private int last(double[] c) {
        tick++;
        return c.length - 1;
    }
}
