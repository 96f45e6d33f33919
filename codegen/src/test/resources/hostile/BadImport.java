// expect: rejected|import of 'java.io.File'
import io.nous.sim.spi.UsageLimitPolicy;
import java.io.File;

public final class BadImport implements UsageLimitPolicy {
    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
    }
}
