package io.nous.sim.spi;

/**
 * How many model-server pods the pool should have, asked every scaling interval: the decision an
 * autoscaler (Kubernetes' HPA on a metric, llm-d's workload-variant-autoscaler) makes for an
 * InferencePool. The pool honours the answer within its bounds: new pods take their start-up time
 * before they serve, and pods taken away drain what they hold first. {@code state} is four longs the
 * policy may keep between calls, zero at the start; nothing else touches them.
 */
public interface ScalingPolicy {

    /** How many longs of state a policy keeps. */
    int STATE_SIZE = 4;

    /**
     * @param nowUs        the time of the decision, microseconds from the start of the run
     * @param readyPods    pods serving (in the router's pool)
     * @param startingPods pods asked for and not ready yet
     * @param saturation   the router's pool saturation (its detector's; at or above 1 flow control stops dispatching)
     * @param kvUsage      mean KV-cache use over the serving pods' last scrapes, in [0, 1]
     * @param waiting      requests waiting in the serving pods' queues (their last scrapes)
     * @param running      requests running on them
     * @param queued       requests held in the router's flow-control queues
     * @param state        the policy's state ({@link #STATE_SIZE} longs)
     * @return the number of pods the pool should have (ready and starting)
     */
    int desiredPods(long nowUs, int readyPods, int startingPods, double saturation, double kvUsage, int waiting, int running, int queued,
                    long[] state);
}
