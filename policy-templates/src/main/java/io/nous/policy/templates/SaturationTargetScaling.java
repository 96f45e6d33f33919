package io.nous.policy.templates;

import io.nous.sim.spi.ScalingPolicy;

/**
 * The HPA's proportional rule read off the router's saturation instead of the pods' KV use: the pool
 * should hold ceil(ready × saturation / target) pods, counting pods already starting (so a queue that
 * builds while they load does not ask for them again), growing by at most {@code maxStep} pods a
 * decision and shrinking by one when fewer would do and nothing is starting. The router's saturation
 * sees the requests its flow control holds back, which the pods' own metrics never show: the signal
 * llm-d's autoscaler maintainers ask the autoscaler to consume (llm-d-autoscaling #1016). Not an
 * upstream rule: the autoscaling search's second parametric seed (defaults: the HPA's target 0.7, its
 * default scale-up policy of 4 pods per period).
 */
public final class SaturationTargetScaling implements ScalingPolicy {
    private final long targetPermille;
    private final long maxStep;

    public SaturationTargetScaling() {
        this(700, 4);
    }

    public SaturationTargetScaling(long targetPermille, long maxStep) {
        this.targetPermille = targetPermille;
        this.maxStep = maxStep;
    }

    @Override
    public int desiredPods(long nowUs, int readyPods, int startingPods, double saturation, double kvUsage, int waiting, int running,
                           int queued, long[] state) {
        long held = (long) readyPods + startingPods;
        if (readyPods == 0) {
            return (int) Math.max(1, held);
        }
        double wanted = Math.ceil(readyPods * saturation * 1000 / targetPermille);
        if (wanted > held) {
            return (int) Math.min(wanted, held + maxStep);
        }
        if (startingPods == 0 && wanted < readyPods) {
            return readyPods - 1;
        }
        return (int) held;
    }
}
