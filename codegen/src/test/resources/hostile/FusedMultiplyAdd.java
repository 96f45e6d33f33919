// expect: rejected|Math.fma(...) is not allowed
import io.nous.sim.spi.UsageLimitPolicy;

public final class FusedMultiplyAdd implements UsageLimitPolicy {
    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        // its cost without an FMA instruction depends on the operands: tens of microseconds here
        double c = Math.fma(Double.MIN_VALUE, saturation, Double.MAX_VALUE);
        for (int i = 0; i < ceilings.length; i++) {
            ceilings[i] = c > 0 ? 1.0 : 0.0;
        }
    }
}
