// expect: export=equivalent | exp, log and tanh differ between Go's math and Java's on up to 14% of inputs
import io.nous.sim.spi.UsageLimitPolicy;

public final class TranscendentalCurve implements UsageLimitPolicy {
    private static final double STEEPNESS = Math.log(40.0);

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        double s = Math.min(2.0, Math.max(0.0, saturation));
        double logistic = 1.0 / (1.0 + Math.exp(STEEPNESS * 4 * (s - 0.8)));
        double soft = 0.5 + 0.5 * Math.tanh(3 * (0.9 - s));
        for (int i = 1; i < ceilings.length; i++) {
            ceilings[i] = Math.min(ceilings[i - 1], Math.min(logistic, soft) + Math.cbrt(Math.log1p(s)) * 0.0);
        }
    }
}
