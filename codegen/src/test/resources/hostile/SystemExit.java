// expect: rejected|System
import io.nous.sim.spi.UsageLimitPolicy;

public final class SystemExit implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        System.exit(1);
    }
}
