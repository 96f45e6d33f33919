package io.nous.policy.templates;

import io.nous.sim.spi.OrderingPolicy;

/**
 * llm-d-router's {@code fcfs-ordering-policy} (flowcontrol/ordering/fcfs): the request enqueued first
 * dispatches first. The router's default ordering.
 */
public final class FcfsOrdering implements OrderingPolicy {

    @Override
    public boolean less(long enqueueUsA, long ttlUsA, long sloTtftMsA, long bytesA, long enqueueUsB, long ttlUsB, long sloTtftMsB,
                        long bytesB) {
        return enqueueUsA < enqueueUsB;
    }
}
