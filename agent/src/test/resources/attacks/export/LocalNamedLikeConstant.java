// expect: export=equivalent | a local cLimit shadowed the Go constant cLimit made for the field limit
import io.nous.sim.spi.UsageLimitPolicy;

public final class LocalNamedLikeConstant implements UsageLimitPolicy {
    private static final double limit = 0.8;

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        double cLimit = 0.2;
        for (int i = 1; i < ceilings.length; i++) {
            ceilings[i] = saturation > limit ? cLimit : 1.0;
        }
    }
}
