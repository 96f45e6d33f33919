package io.nous.export;

import io.nous.sim.spi.UsageLimitPolicy;
import java.util.Arrays;

/**
 * A policy's mean ceiling per band at a fixed saturation, over many consecutive dispatch cycles of
 * a fresh instance: 1 open, 0 closed, in between the share of cycles a duty cycle opens the band.
 * Two bands as in the studies: critical (priority 0) and sheddable (priority -1).
 */
public final class CeilingProfile {
    /** Cycles averaged per saturation. */
    public static final int CYCLES = 600;
    private static final int[] PRIORITIES = {0, -1};

    private CeilingProfile() {
    }

    public static double[] mean(UsageLimitPolicy fresh, double saturation) {
        double[] sum = new double[PRIORITIES.length];
        double[] c = new double[PRIORITIES.length];
        for (int k = 0; k < CYCLES; k++) {
            Arrays.fill(c, 1.0);
            fresh.computeLimit(saturation, PRIORITIES.clone(), c);
            for (int i = 0; i < c.length; i++) {
                sum[i] += c[i];
            }
        }
        for (int i = 0; i < sum.length; i++) {
            sum[i] /= CYCLES;
        }
        return sum;
    }
}
