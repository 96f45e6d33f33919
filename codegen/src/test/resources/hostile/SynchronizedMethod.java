// expect: rejected|synchronized
import io.nous.sim.spi.UsageLimitPolicy;

public final class SynchronizedMethod implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        ceilings[0] = 1.0;
    }

    private synchronized void lock() {
    }
}
