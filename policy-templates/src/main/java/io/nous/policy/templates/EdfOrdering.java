package io.nous.policy.templates;

import io.nous.sim.spi.OrderingPolicy;

/**
 * llm-d-router's {@code edf-ordering-policy} (flowcontrol/ordering/edf): earliest deadline first, the
 * deadline being enqueue time plus the request's effective TTL (none: the far future); equal deadlines
 * go first come, first served. With one TTL for every request it orders as FCFS does.
 */
public final class EdfOrdering implements OrderingPolicy {

    @Override
    public boolean less(long enqueueUsA, long ttlUsA, long sloTtftMsA, long bytesA, long enqueueUsB, long ttlUsB, long sloTtftMsB,
                        long bytesB) {
        long deadlineA = ttlUsA > 0 ? enqueueUsA + ttlUsA : Long.MAX_VALUE;
        long deadlineB = ttlUsB > 0 ? enqueueUsB + ttlUsB : Long.MAX_VALUE;
        if (deadlineA != deadlineB) {
            return deadlineA < deadlineB;
        }
        return enqueueUsA < enqueueUsB;
    }
}
