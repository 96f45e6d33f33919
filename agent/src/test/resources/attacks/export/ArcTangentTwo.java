// expect: export=equivalent | the Go helper for atan2 was not laid out as gofmt lays it out
import io.nous.sim.spi.UsageLimitPolicy;

public final class ArcTangentTwo implements UsageLimitPolicy {
    private long t;

    @Override
    public void computeLimit(double s, int[] priorities, double[] ceilings) {
        t++;
        for (int i = 0; i < ceilings.length; i++) {
            ceilings[i] = i > 0 && (Math.atan2(s, 1.0) > 0.6) ? 0.0 : 1.0;
        }
    }
}
