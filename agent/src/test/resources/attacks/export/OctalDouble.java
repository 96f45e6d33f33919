// expect: export=equivalent | double k = 010 was written as 0o10.0, which does not compile
import io.nous.sim.spi.UsageLimitPolicy;

public final class OctalDouble implements UsageLimitPolicy {
    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        double k = 010;
        for (int i = 1; i < ceilings.length; i++) {
            ceilings[i] = saturation > 0.8 ? k / 16 : 1.0;
        }
    }
}
