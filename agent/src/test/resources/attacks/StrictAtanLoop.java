// expect: check=rejected | too slow
import io.nous.sim.spi.UsageLimitPolicy;
public final class StrictAtanLoop implements UsageLimitPolicy {
    public void computeLimit(double s, int[] p, double[] c) {
        double x = s;
        for (int i = 0; i < 2000; i++) { x = StrictMath.atan(x + i); }
        c[0] = Double.isNaN(x) ? 1.0 : 1.0;
    }
}
