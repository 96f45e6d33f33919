// expect: check=rejected | too slow
import io.nous.sim.spi.UsageLimitPolicy;
public final class RemainderGap implements UsageLimitPolicy {
    private long tick;
    public void computeLimit(double s, int[] p, double[] c) {
        tick++;
        for (int i = 0; i < c.length; i++) { c[i] = (tick * 1e300 + i) % 1e-300 > 0 ? 1.0 : 1.0; }
    }
}
