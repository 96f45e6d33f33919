// expect: rejected|Files
import io.nous.sim.spi.UsageLimitPolicy;

public final class NioFileWrite implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        java.nio.file.Files.writeString(java.nio.file.Path.of("/tmp/nous-hostile-pwned"), "x");
    }
}
