// expect: export=refused | overloaded
import io.nous.sim.spi.UsageLimitPolicy;

public final class OverloadedByType implements UsageLimitPolicy {
    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        for (int i = 1; i < ceilings.length; i++) {
            ceilings[i] = saturation > 0.9 ? 0.0 : 1.0;
        }
    }

    public void computeLimit(int s, int[] p, double[] c) {
        for (int i = 1; i < c.length; i++) {
            c[i] = s > 0.5 ? 0.0 : 1.0;
        }
    }
}
