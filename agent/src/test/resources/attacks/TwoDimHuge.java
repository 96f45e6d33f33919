// expect: check=rejected flags=--simulation-only | array elements in one call
import io.nous.sim.spi.UsageLimitPolicy;
public final class TwoDimHuge implements UsageLimitPolicy {
    public void computeLimit(double s, int[] p, double[] c) {
        double[][] m = new double[65536][65536];
        c[0] = m[0][0] + 1;
    }
}
