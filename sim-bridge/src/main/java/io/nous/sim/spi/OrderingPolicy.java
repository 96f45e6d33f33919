package io.nous.sim.spi;

/**
 * Which of two queued requests of a priority band dispatches first, as the router's flow-control
 * {@code OrderingPolicy.Less(a, b QueueItemAccessor)} decides it
 * (pkg/epp/framework/interface/flowcontrol/plugins.go): each flow's queue is a heap ordered by it,
 * and the global-strict fairness policy compares the flows' heads with it too. A candidate sees what
 * a queue item exposes: when it was enqueued, its effective TTL, its TTFT-SLO header and its payload
 * size. Two requests neither of which is less dispatch in arrival order.
 *
 * <p>Like the other SPIs, an ordering must be a pure function of its arguments, and it should be a
 * strict weak order (irreflexive and transitive), or a heap ordered by it keeps no promise.
 */
public interface OrderingPolicy {

    /**
     * @param enqueueUsA  when request a entered the flow controller's queue, in microseconds (the router's
     *                    {@code EnqueueTime}; in the simulator also when the router received it)
     * @param ttlUsA      its effective TTL in microseconds; 0 when it has none
     * @param sloTtftMsA  its {@code x-llm-d-slo-ttft-ms} header in milliseconds; -1 when absent or not a
     *                    non-negative integer
     * @param bytesA      its payload size in bytes ({@code ByteSize}: about 4 per prompt token)
     * @param enqueueUsB  the same for request b
     * @param ttlUsB      b's TTL
     * @param sloTtftMsB  b's SLO header
     * @param bytesB      b's payload size
     * @return whether a dispatches before b
     */
    boolean less(long enqueueUsA, long ttlUsA, long sloTtftMsA, long bytesA, long enqueueUsB, long ttlUsB, long sloTtftMsB,
                 long bytesB);
}
