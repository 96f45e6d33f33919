// expect: rejected|Thread
import io.nous.sim.spi.UsageLimitPolicy;

public final class ThreadSleep implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        Thread.sleep(1000);
    }
}
