package io.nous.policy.templates;

import io.nous.sim.spi.EvictionPolicy;

/**
 * The eviction pair llm-d-router wires when in-flight eviction is on: {@code sheddable-eviction-filter}
 * (flowcontrol/eviction/filtering: only sheddable requests, priority below 0, may be evicted) and
 * {@code priority-then-time-eviction-order-policy} (flowcontrol/eviction/ordering: the lowest priority
 * first, then the newest dispatch, which has the least KV cache invested).
 */
public final class PriorityThenTimeEviction implements EvictionPolicy {

    @Override
    public boolean accept(int priority, long dispatchUs, long bytes, long sloTtftMs) {
        return priority < 0;
    }

    @Override
    public boolean less(int priorityA, long dispatchUsA, long bytesA, long sloTtftMsA, int priorityB, long dispatchUsB, long bytesB,
                        long sloTtftMsB) {
        if (priorityA != priorityB) {
            return priorityA < priorityB;
        }
        return dispatchUsA > dispatchUsB;
    }
}
