// expect: check=rejected | array elements in one call
import io.nous.sim.spi.UsageLimitPolicy;
public final class ExportableAllocation implements UsageLimitPolicy {
    public void computeLimit(double s, int[] p, double[] c) {
        double sum = 0;
        for (int k = 0; k < 200; k++) { double[] t = new double[65536]; sum += t[k]; }
        c[0] = sum >= 0 ? 1.0 : 0.5;
    }
}
