// expect: fault|work units in one call
import io.nous.sim.spi.UsageLimitPolicy;

public final class OverflowLoop implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        int n = 0;
        for (int i = 0; i >= 0; i++) {
            n++;
        }
    }
}
