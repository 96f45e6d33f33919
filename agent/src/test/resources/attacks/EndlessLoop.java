// expect: check=rejected | work units in one call
import io.nous.sim.spi.UsageLimitPolicy;
public final class EndlessLoop implements UsageLimitPolicy {
    private double acc;
    public void computeLimit(double s, int[] p, double[] c) {
        while (true) { acc++; }
    }
}
