// expect: export=equivalent | double w = 0x1e became a Go int, so w / 60 divided as integers
import io.nous.sim.spi.UsageLimitPolicy;

public final class HexDouble implements UsageLimitPolicy {
    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        double w = 0x1e;
        for (int i = 1; i < ceilings.length; i++) {
            ceilings[i] = saturation > 0.8 ? w / 60 : 1.0;
        }
    }
}
