// expect: rejected|lambda
import io.nous.sim.spi.UsageLimitPolicy;

public final class ThreadStart implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        new Thread(() -> { }).start();
    }
}
