// expect: check=rejected flags=--simulation-only | over its life
import io.nous.sim.spi.UsageLimitPolicy;
public final class RetainedRows implements UsageLimitPolicy {
    private final double[][] rows = new double[4096][];
    private long n;
    public void computeLimit(double s, int[] p, double[] c) {
        rows[(int) (n % 4096)] = new double[60000];
        n++;
        c[0] = 1.0;
    }
}
