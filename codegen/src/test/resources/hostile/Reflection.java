// expect: rejected|getClass
import io.nous.sim.spi.UsageLimitPolicy;

public final class Reflection implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        ceilings[0] = this.getClass().getDeclaredMethods().length;
    }
}
