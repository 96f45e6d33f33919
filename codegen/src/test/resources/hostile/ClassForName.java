// expect: rejected|Class.forName
import io.nous.sim.spi.UsageLimitPolicy;

public final class ClassForName implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        Class.forName("java.lang.System");
    }
}
