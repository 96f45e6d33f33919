// expect: check=rejected flags=--simulation-only | over its life
import io.nous.sim.spi.UsageLimitPolicy;
public final class GrowingArray implements UsageLimitPolicy {
    private double[] keep = new double[1];
    public void computeLimit(double s, int[] p, double[] c) {
        double[] next = new double[Math.min(65536, keep.length + 4096)];
        keep = next;
        c[0] = 1.0;
    }
}
