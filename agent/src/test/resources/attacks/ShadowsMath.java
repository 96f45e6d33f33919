// expect: check=rejected | may not be called 'Math'
import io.nous.sim.spi.UsageLimitPolicy;
public final class Math implements UsageLimitPolicy {
    private static double max(double a, double b) { return 2.0; }
    public void computeLimit(double s, int[] p, double[] c) {
        c[0] = StrictMath.min(1, max(s, 0));
    }
}
