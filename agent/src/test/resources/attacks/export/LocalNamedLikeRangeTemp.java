// expect: export=equivalent | a local v1 was shadowed by the translator's range temporary v1
import io.nous.sim.spi.UsageLimitPolicy;

public final class LocalNamedLikeRangeTemp implements UsageLimitPolicy {
    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        int v1 = 0;
        int below = 0;
        for (int pr : priorities) {
            below += pr < v1 ? 1 : 0;
        }
        for (int i = 1; i < ceilings.length; i++) {
            ceilings[i] = saturation > 0.7 && below > 0 ? 0.5 : 1.0;
        }
    }
}
