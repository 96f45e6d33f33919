package io.nous.sim.epp;

import io.nous.sim.spi.EvictionPolicy;

/**
 * The eviction policy the router wires when eviction is on (cmd/epp/runner/runner.go
 * {@code buildRequestEvictor}): the {@code sheddable-eviction-filter} (only requests below priority 0 may
 * be evicted) and the {@code priority-then-time-eviction-order-policy} (lowest priority first, then the
 * newest dispatch, which has the least KV cache invested).
 */
public final class SheddableNewestFirst implements EvictionPolicy {
    /** What results call it: the name of its twin in the policy registry. */
    public static final String NAME = "priority-then-time";

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
