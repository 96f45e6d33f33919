// expect: export=equivalent | Go folds 0.1 + 0.2 exactly to 0.3; Java rounds to 0.30000000000000004
import io.nous.sim.spi.UsageLimitPolicy;

public final class ConstantSum implements UsageLimitPolicy {
    private static final double LOW = 0.1 + 0.2;

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        for (int i = 1; i < ceilings.length; i++) {
            ceilings[i] = saturation > 0.5 ? LOW : 1.0;
        }
    }
}
