// expect: check=rejected | work units in one call
import io.nous.sim.spi.UsageLimitPolicy;
public final class EndlessLoop implements UsageLimitPolicy {
    public void computeLimit(double s, int[] p, double[] c) {
        double acc = 0;
        while (acc > -1) { acc = acc + 1; }
        c[0] = 1.0;
    }
}
