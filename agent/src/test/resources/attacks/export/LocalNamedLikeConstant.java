// expect: export=equivalent | a local cLimit shadowed the Go constant made for the field LIMIT
import io.nous.sim.spi.UsageLimitPolicy;

public final class LocalNamedLikeConstant implements UsageLimitPolicy {
    private static final double LIMIT = 0.8;

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        double cLimit = 0.2;
        for (int i = 1; i < ceilings.length; i++) {
            ceilings[i] = saturation > LIMIT ? cLimit : 1.0;
        }
    }
}
