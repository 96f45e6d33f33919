package io.nous.sim.pool;

/**
 * An autoscaled pool: how often its scaling policy (the policy at the scaling plug point; none: the
 * pool never changes) decides, within which bounds, how long a new
 * pod takes to serve, and the stabilization windows that damp the decisions (Kubernetes HPA
 * semantics). A scenario without one is a fixed pool, exactly as before.
 *
 * <p>Start-up time is a declared unknown: it is the image pull, the model download and load, and
 * the engine's warm-up (compilation, CUDA-graph capture), and measured deployments span about 30 s
 * (weights and image cached on the node: BentoML, "Cold-starting LLMs on Kubernetes in under 30
 * seconds", 2025; Vertexcover, a 13 GB image in 40.65 s) to about 10 min (a fresh pull and download
 * of Llama 3.1 8B: BentoML, the same post). The default, a median of 120 s, is a node that holds the
 * image but loads the weights from network storage; each start draws from a log-normal around it.
 *
 * @param minPods             fewest pods (ready and starting)
 * @param maxPods             most pods
 * @param intervalUs          how often the policy is asked (HPA's sync period: 15 s)
 * @param startupMedianUs     the median time from a pod's request to its serving
 * @param startupSigma        the spread of start-up times (log-normal sigma; 0: always the median)
 * @param downStabilizationUs a scale-down takes the highest recommendation of this window (HPA: 300 s)
 * @param upStabilizationUs   a scale-up takes the lowest recommendation of this window (HPA: 0)
 * @param sloTtftMs           the TTFT objective of requests whose class names none, for SLO attainment
 * @param gpusPerPod          GPUs each pod holds (its tensor parallelism), for GPU-hours
 */
public record AutoscalingConfig(int minPods, int maxPods, long intervalUs, long startupMedianUs,
                                double startupSigma, long downStabilizationUs, long upStabilizationUs, long sloTtftMs, int gpusPerPod) {
    /** HPA's sync period (kube-controller-manager --horizontal-pod-autoscaler-sync-period). */
    public static final long DEFAULT_INTERVAL_US = 15_000_000L;
    /** HPA's default scale-down stabilization window (autoscaling/v2 HPAScalingRules). */
    public static final long DEFAULT_DOWN_WINDOW_US = 300_000_000L;
    public static final long DEFAULT_STARTUP_MEDIAN_US = 120_000_000L;
    public static final double DEFAULT_STARTUP_SIGMA = 0.3;
    /** The TTFT objective of classes that name none: 2 s, an interactive chat objective. */
    public static final long DEFAULT_SLO_TTFT_MS = 2_000;
    /** The most pods a pool may have: the simulator scans pods per decision. */
    public static final int MAX_PODS = 256;

    public AutoscalingConfig {
        if (minPods < 1 || maxPods < minPods || maxPods > MAX_PODS) {
            throw new IllegalArgumentException("an autoscaled pool needs 1 <= min pods <= max pods <= " + MAX_PODS + ", got " + minPods
                    + " and " + maxPods);
        }
        if (intervalUs < 1_000_000L) {
            throw new IllegalArgumentException("the scaling interval must be at least 1 s, got " + intervalUs / 1e6 + " s");
        }
        if (startupMedianUs < 0 || !(startupSigma >= 0 && startupSigma <= 2)) {
            throw new IllegalArgumentException("start-up time needs a median >= 0 and a sigma in [0, 2]");
        }
        if (downStabilizationUs < 0 || upStabilizationUs < 0 || downStabilizationUs > 3_600_000_000L || upStabilizationUs > 3_600_000_000L) {
            throw new IllegalArgumentException("stabilization windows are between 0 and 3,600 s (as the HPA's)");
        }
        if (sloTtftMs <= 0 || gpusPerPod < 1) {
            throw new IllegalArgumentException("the SLO must be > 0 ms and a pod holds at least one GPU");
        }
    }

    /** A pool between {@code minPods} and {@code maxPods}, every other setting at its default. */
    public static AutoscalingConfig of(int minPods, int maxPods, int gpusPerPod) {
        return new AutoscalingConfig(minPods, maxPods, DEFAULT_INTERVAL_US, DEFAULT_STARTUP_MEDIAN_US, DEFAULT_STARTUP_SIGMA,
                DEFAULT_DOWN_WINDOW_US, 0, DEFAULT_SLO_TTFT_MS, gpusPerPod);
    }

    /** The bounds clamp of a recommendation. */
    int clamp(int desired) {
        return Math.max(minPods, Math.min(maxPods, desired));
    }
}
