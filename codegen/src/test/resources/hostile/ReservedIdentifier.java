// expect: rejected|reserved
import io.nous.sim.spi.UsageLimitPolicy;

public final class ReservedIdentifier implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        double $nous = 1.0;
        ceilings[0] = $nous;
    }
}
