// expect: fault|ArithmeticException
import io.nous.sim.spi.UsageLimitPolicy;

public final class DivisionByZero implements UsageLimitPolicy {

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        int buckets = (int) saturation;
        ceilings[0] = 10 / buckets > 0 ? 1.0 : 1.0;
    }
}
