// expect: fault|call depth exceeded
import io.nous.sim.spi.UsageLimitPolicy;

public final class DeepRecursion implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        ceilings[0] = down(0);
    }

    private double down(int n) {
        return down(n + 1);
    }
}
