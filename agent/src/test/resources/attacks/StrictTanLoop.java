// expect: check=rejected | too slow
import io.nous.sim.spi.UsageLimitPolicy;
public final class StrictTanLoop implements UsageLimitPolicy {
    private double x;
    public void computeLimit(double s, int[] p, double[] c) {
        for (int i = 0; i < 2000; i++) { x = StrictMath.tan(x + i); }
        c[0] = 1.0;
    }
}
