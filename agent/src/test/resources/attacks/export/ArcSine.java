// expect: export=refused | Math.asin has no exact Go counterpart
import io.nous.sim.spi.UsageLimitPolicy;

public final class ArcSine implements UsageLimitPolicy {
    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        for (int i = 0; i < ceilings.length; i++) {
            ceilings[i] = i > 0 && Math.asin(Math.min(1, saturation)) > 1.2 ? 0.0 : 1.0;
        }
    }
}
