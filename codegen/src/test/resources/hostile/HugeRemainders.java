// expect: fault|too slow
import io.nous.sim.spi.UsageLimitPolicy;

/** Each band's remainder reduces about 2,000 bits of exponent gap: some 7 us, charged as it runs. */
public final class HugeRemainders implements UsageLimitPolicy {
    private long tick;

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        tick++;
        for (int i = 0; i < ceilings.length; i++) {
            double phase = (tick * 1e300 + i) % 1e-300 * 1e300;
            ceilings[i] = saturation > 0.8 && phase > 0.5 ? 0.0 : 1.0;
        }
    }
}
