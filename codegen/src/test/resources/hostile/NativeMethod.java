// expect: rejected|native
import io.nous.sim.spi.UsageLimitPolicy;

public final class NativeMethod implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        ceilings[0] = 1.0;
    }

    private native void escape();
}
