// expect: check=accepted flags=--simulation-only
import io.nous.sim.spi.UsageLimitPolicy;
public final class ThisWithArray implements UsageLimitPolicy {
    private final double[] w;
    public ThisWithArray() { this(new double[8]); }
    private ThisWithArray(double[] w) { this.w = w; }
    public void computeLimit(double s, int[] p, double[] c) {
        c[0] = Math.min(1.0, 1.0 + w[0]);
    }
}
