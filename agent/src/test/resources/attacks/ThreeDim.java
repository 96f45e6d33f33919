// expect: check=rejected flags=--simulation-only | array elements in one call
import io.nous.sim.spi.UsageLimitPolicy;
public final class ThreeDim implements UsageLimitPolicy {
    public void computeLimit(double s, int[] p, double[] c) {
        double[][][] m = new double[128][128][128];
        c[0] = m[0][0][0] + 1;
    }
}
