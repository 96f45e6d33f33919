// expect: check=accepted
import io.nous.sim.spi.UsageLimitPolicy;
public final class WithBom implements UsageLimitPolicy {
    public void computeLimit(double s, int[] p, double[] c) {
        c[0] = 1.0;
    }
}
