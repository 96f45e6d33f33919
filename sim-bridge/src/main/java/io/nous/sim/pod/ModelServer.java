package io.nous.sim.pod;

import io.nous.sim.request.Request;

/**
 * A model-server pod as the cluster simulation drives it: requests go in, and the pod tells when it
 * next needs the clock ({@link #startStep}), what it publishes as metrics, and what it measured.
 * {@link VllmPod} models vLLM's engine step by step; {@link InferenceSimPod} models
 * llm-d-inference-sim, the project's vLLM stand-in for labs.
 */
public interface ModelServer {
    int index();

    /**
     * {@code r} arrives at {@code nowUs}; true when the simulation must call {@link #startStep} now
     * (the pod was idle, or its next event moved earlier).
     */
    boolean enqueue(Request r, long nowUs);

    /** Whether the pod has requests to serve (and so a next event). */
    boolean hasWork();

    /**
     * The client of {@code r} gave up: a waiting request leaves the queue, a running one is aborted.
     * True when the simulation must call {@link #startStep} now.
     */
    boolean cancel(Request r, long nowUs);

    /** Microseconds from {@code nowUs} to the pod's next event, or a value <= 0 when it has none. */
    long startStep(long nowUs);

    /** The pod's event scheduled by the last {@link #startStep} is due at {@code nowUs}. */
    void endStep(long nowUs);

    int publishedWaiting();

    int publishedRunning();

    double publishedKvUsage();

    int waitingCount();

    int runningCount();

    double kvUsage();

    /** KV block size in tokens and blocks in all, as {@code vllm:cache_config_info} publishes them. */
    int blockSize();

    int kvBlocks();

    /** Prefix-cache counters in tokens: queried and hit at first admission, and at readmission after preemption. */
    long prefixQueriedTokens();

    long prefixHitTokens();

    long preemptedQueriedTokens();

    long preemptedHitTokens();

    long prefixEvictions();

    long aborted();

    long busyUs();

    long steps();

    long batchSum();

    double kvBlockUs();

    int maxUsedBlocks();

    int maxWaiting();

    long preemptions();
}
