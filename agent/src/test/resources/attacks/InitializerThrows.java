// expect: check=rejected flags=--simulation-only | class was being initialized: it threw ArithmeticException
import io.nous.sim.spi.UsageLimitPolicy;
public final class InitializerThrows implements UsageLimitPolicy {
    private static final int Z = 1 / zero();
    public void computeLimit(double s, int[] p, double[] c) {
        c[0] = Math.min(1.0, Z);
    }
    private static int zero() { return 0; }
}
