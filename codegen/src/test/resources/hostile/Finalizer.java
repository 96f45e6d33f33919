// expect: rejected|finalize
import io.nous.sim.spi.UsageLimitPolicy;

public final class Finalizer implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        ceilings[0] = 1.0;
    }

    protected void finalize() {
    }
}
