// expect: rejected|object-creation
import io.nous.sim.spi.UsageLimitPolicy;

public final class FileWrite implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        try {
            new java.io.FileWriter("/tmp/nous-hostile-pwned").write("x");
        } catch (Exception e) {
        }
    }
}
