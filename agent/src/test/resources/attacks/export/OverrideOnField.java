// expect: export=refused | @Override
import io.nous.sim.spi.UsageLimitPolicy;

public final class OverrideOnField implements UsageLimitPolicy {
    @Override
    private static final double GATE = 0.7;

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        for (int i = 1; i < ceilings.length; i++) {
            ceilings[i] = saturation > GATE ? 0.5 : 1.0;
        }
    }
}
