// expect: check=accepted
import io.nous.sim.spi.UsageLimitPolicy;
public final class FieldNamedIo implements UsageLimitPolicy {
    private final double io = 1.0;
    public void computeLimit(double s, int[] p, double[] c) {
        double[] w = new double[2];
        c[0] = Math.min(1.0, io + half(w[0]));
    }
    private double half(double x) { return x / 2; }
}
