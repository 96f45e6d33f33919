// expect: rejected|unicode escapes
import io.nous.sim.spi.UsageLimitPolicy;

public final class UnicodeEscapedSystem implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        \u0053ystem.exit(3);
    }
}
