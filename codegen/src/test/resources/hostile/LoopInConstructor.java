// expect: fault|failed while being created
import io.nous.sim.spi.UsageLimitPolicy;

public final class LoopInConstructor implements UsageLimitPolicy {
    private double x;

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        ceilings[0] = 1.0;
    }

    public LoopInConstructor() {
        while (true) {
            x++;
        }
    }
}
