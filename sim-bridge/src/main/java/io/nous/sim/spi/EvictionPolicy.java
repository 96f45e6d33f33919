package io.nous.sim.spi;

/**
 * Which dispatched requests the router may evict when higher-priority work waits, and in which order:
 * the router's {@code EvictionFilterPolicy.Accept} and {@code EvictionOrderingPolicy.Less(a, b
 * *EvictionItem)} (pkg/epp/framework/interface/flowcontrol/eviction.go, llm-d-router #2093) as one
 * policy. {@link #accept} runs once per request when it is dispatched: only accepted requests can be
 * evicted. {@link #less} orders the accepted ones: the reclamation controller takes victims from the
 * top. A candidate sees what an {@code EvictionItem} carries: the request's priority, when it was
 * dispatched, its payload size and its TTFT-SLO header; nothing about its progress on the pod.
 *
 * <p>Both methods must be pure functions of their arguments; {@link #less} should be a strict weak
 * order. Two requests neither of which is less are evicted newest dispatch first.
 */
public interface EvictionPolicy {

    /**
     * @param priority   the request's priority (its band; below 0 is sheddable)
     * @param dispatchUs when the router dispatched it to a model server, in microseconds
     * @param bytes      its payload size in bytes (about 4 per prompt token)
     * @param sloTtftMs  its {@code x-llm-d-slo-ttft-ms} header in milliseconds, -1 when absent
     * @return whether the request may ever be evicted
     */
    boolean accept(int priority, long dispatchUs, long bytes, long sloTtftMs);

    /**
     * @return whether request a is evicted before request b (both accepted)
     */
    boolean less(int priorityA, long dispatchUsA, long bytesA, long sloTtftMsA, int priorityB, long dispatchUsB, long bytesB,
                 long sloTtftMsB);
}
