// expect: check=rejected | too slow
import io.nous.sim.spi.UsageLimitPolicy;
public final class SlowAfterWarmUp implements UsageLimitPolicy {
    private long calls;
    public void computeLimit(double s, int[] p, double[] c) {
        calls++;
        double acc = 0;
        if (calls > 1500) { for (int i = 0; i < 20000; i++) { acc += i; } }
        c[0] = acc >= 0 ? 1.0 : 0.5;
    }
}
