// expect: rejected|initializer blocks
import io.nous.sim.spi.UsageLimitPolicy;

public final class StaticInitializer implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        ceilings[0] = 1.0;
    }

    static {
        int x = 1;
    }
}
