// expect: check=rejected | package 'io.nous.codegen.guard' is reserved
package io.nous.codegen.guard;
import io.nous.sim.spi.UsageLimitPolicy;
public final class PackageGuard implements UsageLimitPolicy {
    public void computeLimit(double s, int[] p, double[] c) {
        c[0] = 1.0;
    }
}
