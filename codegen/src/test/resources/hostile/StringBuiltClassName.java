// expect: rejected|string
import io.nous.sim.spi.UsageLimitPolicy;

public final class StringBuiltClassName implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        Class.forName("java.lang." + "Run" + "time");
    }
}
