// expect: rejected|Math.random
import io.nous.sim.spi.UsageLimitPolicy;

public final class MathRandom implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        for (int i = 1; i < ceilings.length; i++) ceilings[i] = Math.random();
    }
}
