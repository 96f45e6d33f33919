package io.nous.policy.templates;

import io.nous.sim.spi.UsageLimitPolicy;

/**
 * llm-d's {@code soft-reflective-ceiling-policy} (discovered in simulation, now upstream). Band 0 is
 * always open; band i's threshold is {@code 1 - i*s/(N-1)}. Below it the band is open; at
 * {@code s >= 1} it is closed; in between it opens only on every {@code period}-th call, where
 * {@code period = max(1, round(s / (1 - s + 1e-9)))}, using one shared counter that advances only
 * while {@code 0.5 <= s < 1}, so all gated bands open together and ceilings stay non-increasing.
 * A no-op at low load by construction.
 */
public final class SoftReflectiveCeilingPolicy implements UsageLimitPolicy {
    private long tick;

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        int n = priorities.length;
        if (n == 0) {
            return;
        }
        if (n == 1) {
            ceilings[0] = 1.0;
            return;
        }
        double s = saturation;
        boolean open = false;
        if (s >= 1 - s && s < 1) {
            long period = Math.max(1, Math.round(s / (1 - s + 1e-9)));
            tick++;
            open = tick % period == 0;
        }
        ceilings[0] = 1.0;
        for (int i = 1; i < n; i++) {
            double reflective = 1 - i * s / (n - 1);
            if (s < reflective) {
                ceilings[i] = 1.0;
            } else if (s >= 1) {
                ceilings[i] = 0.0;
            } else {
                ceilings[i] = open ? 1.0 : 0.0;
            }
        }
    }
}
