// expect: check=rejected | U+0085
import io.nous.sim.spi.UsageLimitPolicy;
public final class NelInComment implements UsageLimitPolicy {
    public void computeLimit(double s, int[] p, double[] c) {
        // a comment  c[0] = 0.5;
        c[0] = 1.0;
    }
}
