// expect: rejected|java.lang.System
import io.nous.sim.spi.UsageLimitPolicy;

public final class QualifiedSystemExit implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        java.lang.System.exit(1);
    }
}
