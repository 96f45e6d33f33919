// expect: fault|work units in one call
import io.nous.sim.spi.UsageLimitPolicy;

public final class VeryLongLoop implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        double x = 0;
        for (long i = 0; i < 1_000_000_000_000L; i++) x += i;
        ceilings[0] = x > 0 ? 1.0 : 1.0;
    }
}
