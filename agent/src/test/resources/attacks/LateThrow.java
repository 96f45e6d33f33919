// expect: check=accepted sim=fault | ArrayIndexOutOfBoundsException
import io.nous.sim.spi.UsageLimitPolicy;
public final class LateThrow implements UsageLimitPolicy {
    private long calls;
    public void computeLimit(double s, int[] p, double[] c) {
        calls++;
        if (calls > 5000) { int[] a = new int[1]; a[3] = 1; }
        c[0] = 1.0;
    }
}
