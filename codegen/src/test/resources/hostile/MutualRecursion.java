// expect: fault|call depth exceeded
import io.nous.sim.spi.UsageLimitPolicy;

public final class MutualRecursion implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        ceilings[0] = ping(0);
    }

    private double ping(int n) {
        return pong(n + 1);
    }

    private double pong(int n) {
        return ping(n + 1);
    }
}
