// expect: check=rejected | package 'java.lang' is reserved
package java.lang;
import io.nous.sim.spi.UsageLimitPolicy;
public final class PackageJavaLang implements UsageLimitPolicy {
    public void computeLimit(double s, int[] p, double[] c) {
        c[0] = 1.0;
    }
}
