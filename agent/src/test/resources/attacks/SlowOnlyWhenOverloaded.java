// expect: check=rejected | too slow
import io.nous.sim.spi.UsageLimitPolicy;
public final class SlowOnlyWhenOverloaded implements UsageLimitPolicy {
    public void computeLimit(double s, int[] p, double[] c) {
        double acc = 0;
        if (s > 3) { for (int i = 0; i < 200000; i++) { acc += i; } }
        c[0] = acc >= 0 ? 1.0 : 0.5;
    }
}
