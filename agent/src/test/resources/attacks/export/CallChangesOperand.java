// expect: export=equivalent | Go evaluates the call before reading c[0]; Java reads c[0] first
import io.nous.sim.spi.UsageLimitPolicy;

public final class CallChangesOperand implements UsageLimitPolicy {
    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        if (ceilings.length < 2 || saturation < 0.6) {
            return;
        }
        for (int i = 1; i < ceilings.length; i++) {
            ceilings[i] = ceilings[0] * halve(ceilings) * 0.5;
        }
    }

    private double halve(double[] c) {
        c[0] = 0.5;
        return 1.0;
    }
}
