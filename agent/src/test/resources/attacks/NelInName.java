// expect: check=rejected | U+0085
import io.nous.sim.spi.UsageLimitPolicy;
public final class NelInName implements UsageLimitPolicy {
    public void computeLimit(double s, int[] p, double[] c) {
        double ab = 1.0;
        c[0] = 1.0;
    }
}
