package io.nous.sim.spi;

/**
 * Decides whether a request may proceed to pod selection, mirroring the router's {@code Admitter}
 * plugins (for example {@code probabilistic-admitter}). A rejection surfaces to the client as an
 * HTTP 500 "request cannot be admitted".
 *
 * <p>A policy implements one of two forms. The saturation form sees what the router's
 * probabilistic-admitter sees: the pool's utilization saturation, the mean over pods of
 * {@code max(waiting / queueDepthThreshold, kvUsage / kvCacheUtilThreshold)}. The terms form also
 * sees that formula's two terms apart, each averaged over the pods: {@code queue}, the mean of
 * {@code waiting / queueDepthThreshold}, and {@code kv}, the mean of
 * {@code kvUsage / kvCacheUtilThreshold}. The router's {@code Admitter.Admit} receives the pods, so
 * an exported plugin computes all three from their metrics exactly as the simulator does. The
 * terms matter because the two ways a pool saturates call for different answers: a queue that
 * builds is prefill or dispatch falling behind, while long contexts hold KV cache well before the
 * pods are short of it. The simulator calls the terms form; its default hands the saturation form
 * what it needs.
 *
 * <p>Policies must be pure functions of their arguments: the only randomness available is the
 * uniform draw {@code u} that the simulator takes for every request from a seeded stream, so that
 * candidate and baseline see the same draws (common random numbers).
 */
public interface AdmissionPolicy {

    /**
     * The saturation form: implement this one, or {@link #admit(int, double, double, double, double)}.
     *
     * @param priority   the request's priority (negative means sheddable)
     * @param saturation pool saturation by the utilization formula, without the staleness rule
     * @param u          a uniform draw in [0, 1) dedicated to this request's admission decision
     * @return {@code true} to admit the request
     */
    default boolean admit(int priority, double saturation, double u) {
        throw new IllegalStateException(getClass().getName() + " implements neither form of admit");
    }

    /**
     * The terms form: what the simulator calls. Pods without metrics count 1 in every term.
     *
     * @param priority   the request's priority (negative means sheddable)
     * @param saturation pool saturation by the utilization formula, without the staleness rule
     * @param queue      the mean over pods of waiting requests over the queue-depth threshold
     * @param kv         the mean over pods of KV-cache use over the KV-cache threshold
     * @param u          a uniform draw in [0, 1) dedicated to this request's admission decision
     * @return {@code true} to admit the request
     */
    default boolean admit(int priority, double saturation, double queue, double kv, double u) {
        return admit(priority, saturation, u);
    }
}
