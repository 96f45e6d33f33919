// expect: rejected|Runtime
import io.nous.sim.spi.UsageLimitPolicy;

public final class RuntimeExec implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        Runtime.getRuntime().halt(0);
    }
}
