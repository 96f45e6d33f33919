// expect: rejected|var
import io.nous.sim.spi.UsageLimitPolicy;

public final class VarLocal implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        var x = 1.0;
        ceilings[0] = x;
    }
}
