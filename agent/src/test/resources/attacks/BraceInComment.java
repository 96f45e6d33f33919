// expect: check=accepted
import io.nous.sim.spi.UsageLimitPolicy;
public final class BraceInComment implements UsageLimitPolicy { /* { */
    // a { here too
    private final double t = 1.0;
    public void computeLimit(double s, int[] p, double[] c) {
        c[0] = t;
    }
}
