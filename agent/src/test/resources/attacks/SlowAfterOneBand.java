// expect: check=rejected | too slow
import io.nous.sim.spi.UsageLimitPolicy;
public final class SlowAfterOneBand implements UsageLimitPolicy {
    private double acc;
    public void computeLimit(double s, int[] p, double[] c) {
        if (p.length > 1) { for (int i = 0; i < 30000; i++) { acc += i; } }
        c[0] = 1.0;
    }
}
