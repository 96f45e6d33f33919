// expect: export=equivalent | a -0.0 literal is +0 as a Go constant
import io.nous.sim.spi.UsageLimitPolicy;

public final class NegativeZero implements UsageLimitPolicy {
    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        for (int i = 1; i < ceilings.length; i++) {
            ceilings[i] = saturation >= 1 ? -0.0 : 1.0;
        }
    }
}
