// expect: check=rejected | unicode escapes
import io.nous.sim.spi.UsageLimitPolicy;
public final class UnicodeEscape implements UsageLimitPolicy {
    public void computeLimit(double s, int[] p, double[] c) {
        c[0] = 1.0; // \u000a c[0] = 0.0;
    }
}
