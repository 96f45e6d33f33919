package io.nous.policy.templates;

import io.nous.sim.spi.ScalingPolicy;

/**
 * Grows the pool by {@code upStep} pods when the requests waiting (in the pods' queues and the
 * router's) exceed {@code upQueuePerPod} per ready pod, and shrinks it by one when nothing waits,
 * nothing is starting and the pods' mean KV-cache use is below {@code downKvPermille} thousandths.
 * Not an upstream rule: the autoscaling search's parametric seed, reading queues where the HPA reads
 * KV use (defaults 8, 300, 1).
 */
public final class ThresholdScaling implements ScalingPolicy {
    private final long upQueuePerPod;
    private final long downKvPermille;
    private final long upStep;

    public ThresholdScaling() {
        this(8, 300, 1);
    }

    public ThresholdScaling(long upQueuePerPod, long downKvPermille, long upStep) {
        this.upQueuePerPod = upQueuePerPod;
        this.downKvPermille = downKvPermille;
        this.upStep = upStep;
    }

    @Override
    public int desiredPods(long nowUs, int readyPods, int startingPods, double saturation, double kvUsage, int waiting, int running,
                           int queued, long[] state) {
        long held = (long) readyPods + startingPods;
        long waitingAll = (long) waiting + queued;
        if (waitingAll > upQueuePerPod * readyPods) {
            return (int) Math.min(held + upStep, 1_000_000L);
        }
        if (startingPods == 0 && waitingAll == 0 && kvUsage * 1000 < downKvPermille) {
            return readyPods - 1;
        }
        return (int) held;
    }
}
