// expect: export=equivalent | 0xFFFFFFFF is the int -1 in Java and 4294967295 in Go
import io.nous.sim.spi.UsageLimitPolicy;

public final class HexIntLiteral implements UsageLimitPolicy {
    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        long mask = 0xFFFFFFFF;
        for (int i = 1; i < ceilings.length; i++) {
            ceilings[i] = saturation > 0.7 && mask < 0 ? 0.5 : 1.0;
        }
    }
}
