package io.nous.policy.templates;

import io.nous.sim.spi.ScalingPolicy;

/** Never changes the pool: what a fixed pool is, as a scaling policy (an autoscaled pool under it gives the fixed pool's results). */
public final class FixedPoolScaling implements ScalingPolicy {

    @Override
    public int desiredPods(long nowUs, int readyPods, int startingPods, double saturation, double kvUsage, int waiting, int running,
                           int queued, long[] state) {
        return readyPods + startingPods;
    }
}
