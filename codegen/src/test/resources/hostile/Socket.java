// expect: rejected|object-creation
import io.nous.sim.spi.UsageLimitPolicy;

public final class Socket implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        new java.net.Socket("127.0.0.1", 9);
    }
}
