package io.nous.policy.templates;

import io.nous.sim.spi.ScalingPolicy;

/**
 * Kubernetes' HorizontalPodAutoscaler on a utilization metric (autoscaling/v2, the controller's
 * replica calculator): desired = ceil(ready × utilization / target), unchanged while the ratio is
 * within the tolerance (0.1, kube-controller-manager's {@code --horizontal-pod-autoscaler-tolerance}).
 * The utilization is the serving pods' mean KV-cache use ({@code vllm:kv_cache_usage_perc}, the
 * metric inference deployments scale on, since GPU utilization stays near 100 % under any load);
 * the target is a deployment choice, 0.7 by default. The HPA's stabilization windows are the pool's
 * (the pool's configuration), not the policy's.
 */
public final class HpaUtilizationScaling implements ScalingPolicy {
    /** The controller's default tolerance (kube-controller-manager --horizontal-pod-autoscaler-tolerance). */
    public static final double TOLERANCE = 0.1;
    private final double target;

    public HpaUtilizationScaling() {
        this(0.7);
    }

    /** @param target the utilization target, in (0, 1] (the registry checks it) */
    public HpaUtilizationScaling(double target) {
        this.target = target;
    }

    @Override
    public int desiredPods(long nowUs, int readyPods, int startingPods, double saturation, double kvUsage, int waiting, int running,
                           int queued, long[] state) {
        if (readyPods == 0) {
            return Math.max(1, startingPods);
        }
        double ratio = kvUsage / target;
        if (Math.abs(ratio - 1) <= TOLERANCE) {
            return readyPods + startingPods;
        }
        return (int) Math.ceil(readyPods * ratio);
    }
}
