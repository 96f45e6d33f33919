// expect: export=equivalent | a long constant that does not fit an int was written as int32(3000000000)
import io.nous.sim.spi.UsageLimitPolicy;

public final class LongIntoInt implements UsageLimitPolicy {
    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        int wrapped = (int) 3000000000L;
        for (int i = 1; i < ceilings.length; i++) {
            ceilings[i] = saturation > 0.75 && wrapped < 0 ? 0.5 : 1.0;
        }
    }
}
