// expect: export=refused | overloaded
import io.nous.sim.spi.UsageLimitPolicy;

public final class OverloadedEntry implements UsageLimitPolicy {
    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        for (int i = 1; i < ceilings.length; i++) {
            ceilings[i] = computeLimit(saturation, i, 0.5);
        }
    }

    public double computeLimit(double saturation, int band, double floor) {
        return saturation > 0.9 ? floor : 1.0;
    }
}
