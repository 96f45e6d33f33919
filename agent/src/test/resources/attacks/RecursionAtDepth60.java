// expect: check=accepted
import io.nous.sim.spi.UsageLimitPolicy;
public final class RecursionAtDepth60 implements UsageLimitPolicy {
    public void computeLimit(double s, int[] p, double[] c) {
        c[0] = Math.min(1.0, down(60));
    }
    private double down(int n) {
        double a0 = n, a1 = a0 + 1, a2 = a1 + 1, a3 = a2 + 1;
        return n == 0 ? 1.0 + 0 * a3 : down(n - 1);
    }
}
