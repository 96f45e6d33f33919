// expect: check=accepted probe=fault | ArrayIndexOutOfBoundsException
import io.nous.sim.spi.UsageLimitPolicy;
public final class PoisonProbe implements UsageLimitPolicy {
    private long calls;
    public void computeLimit(double s, int[] p, double[] c) {
        calls++;
        if (calls == 1 && p.length == 2 && s > 0.04 && s < 0.06) { int[] a = new int[1]; a[2] = 0; }
        c[0] = 1.0;
    }
}
