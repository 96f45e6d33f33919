// expect: check=rejected | call depth exceeded 64
import io.nous.sim.spi.UsageLimitPolicy;
public final class DeepRecursion implements UsageLimitPolicy {
    public void computeLimit(double s, int[] p, double[] c) {
        c[0] = Math.min(1.0, down(100000));
    }
    private double down(int n) {
        double a0 = n, a1 = a0 + 1, a2 = a1 + 1, a3 = a2 + 1, a4 = a3 + 1, a5 = a4 + 1, a6 = a5 + 1, a7 = a6 + 1;
        return n == 0 ? a7 : down(n - 1) + 0 * a7;
    }
}
