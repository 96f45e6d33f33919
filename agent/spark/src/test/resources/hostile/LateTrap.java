// expect: simulation|work units in one call
import io.nous.sim.spi.UsageLimitPolicy;

public final class LateTrap implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        if (saturation > 0.26 && saturation < 0.39) {
            while (true) {
            }
        }
    }
}
