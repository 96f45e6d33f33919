// expect: export=equivalent | Go's math.Pow differs from Java's by an ulp on a fifth of inputs
import io.nous.sim.spi.UsageLimitPolicy;

public final class PowUlps implements UsageLimitPolicy {
    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        for (int i = 1; i < ceilings.length; i++) {
            double c = 1.0 - Math.pow(Math.min(1.0, Math.max(0.0, saturation)), 1.7) * i / ceilings.length;
            ceilings[i] = Math.min(ceilings[i - 1], Math.max(0.0, c));
        }
    }
}
