// expect: export=equivalent | the unread local of long now = tick++ was dropped with its increment
import io.nous.sim.spi.UsageLimitPolicy;

public final class DeadStoreIncrement implements UsageLimitPolicy {
    private long tick;

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        long now = tick++;
        for (int i = 1; i < ceilings.length; i++) {
            ceilings[i] = saturation > 0.6 && tick % 3 == 0 ? 0.0 : 1.0;
        }
    }
}
