// expect: check=rejected | the router plugin cannot express this
import io.nous.sim.spi.UsageLimitPolicy;
public final class TwoCounters implements UsageLimitPolicy {
    private long a;
    private long b;
    public void computeLimit(double s, int[] p, double[] c) {
        a++;
        b++;
        c[0] = 1.0;
    }
}
