// expect: fault|allocated more than 1048576
import io.nous.sim.spi.UsageLimitPolicy;

public final class ManyArrays implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        for (int i = 0; i < 100; i++) {
            double[] chunk = new double[60000];
            chunk[0] = i;
        }
    }
}
