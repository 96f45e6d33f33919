package io.nous.policy.templates;

import io.nous.sim.spi.ScalingPolicy;

/**
 * llm-d's workload-variant-autoscaler, saturation analyzer (the percentage-based V1 of
 * deploy/configmap-saturation-scaling.yaml, v0.7.0 defaults): a pod is saturated at KV-cache use at
 * or above 0.80 or 5 waiting requests; the pool scales up by one when the non-saturated pods' mean
 * spare KV capacity falls below 0.1 or their spare queue below 3, and down by one when the load spread
 * over one pod fewer would still leave both spares above their triggers. It reads the pool's means,
 * where WVA averages its non-saturated pods, and the pods' scraped metrics, as WVA reads them from
 * Prometheus, not the router's gate. While pods it asked for are starting it keeps the pool.
 */
public final class SaturationAnalyzerScaling implements ScalingPolicy {
    /** kvCacheThreshold, queueLengthThreshold, kvSpareTrigger, queueSpareTrigger (WVA v0.7.0 defaults). */
    public static final double KV_THRESHOLD = 0.80;
    public static final double QUEUE_THRESHOLD = 5;
    public static final double KV_SPARE_TRIGGER = 0.1;
    public static final double QUEUE_SPARE_TRIGGER = 3;

    @Override
    public int desiredPods(long nowUs, int readyPods, int startingPods, double saturation, double kvUsage, int waiting, int running,
                           int queued, long[] state) {
        if (readyPods == 0) {
            return Math.max(1, startingPods);
        }
        double queuePerPod = (double) waiting / readyPods;
        double kvSpare = KV_THRESHOLD - kvUsage;
        double queueSpare = QUEUE_THRESHOLD - queuePerPod;
        if (startingPods > 0) {
            return readyPods + startingPods; // WVA waits for pods it asked for before it decides again
        }
        if (kvSpare < KV_SPARE_TRIGGER || queueSpare < QUEUE_SPARE_TRIGGER) {
            return readyPods + 1;
        }
        if (readyPods > 1) {
            double kvAfter = kvUsage * readyPods / (readyPods - 1);
            double queueAfter = (double) waiting / (readyPods - 1);
            if (KV_THRESHOLD - kvAfter >= KV_SPARE_TRIGGER && QUEUE_THRESHOLD - queueAfter >= QUEUE_SPARE_TRIGGER) {
                return readyPods - 1;
            }
        }
        return readyPods;
    }
}
