// expect: check=rejected | not allowed outside comments
import io.nous.sim.spi.UsageLimitPolicy;
public final class CyrillicName implements UsageLimitPolicy {
    public void computeLimit(double s, int[] p, double[] c) {
        double а = 1.0;
        c[0] = а;
    }
}
