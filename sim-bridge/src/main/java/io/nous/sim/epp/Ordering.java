package io.nous.sim.epp;

import io.nous.sim.request.Request;

/**
 * Which request of a flow dispatches first. {@code fcfs} orders by enqueue time; {@code edf} by
 * deadline = enqueue time + TTL (llm-d's {@code edf-ordering-policy}; with one TTL for every
 * request, as today upstream, it orders exactly like FCFS).
 */
public enum Ordering {
    FCFS("fcfs"),
    EDF("edf");

    private final String id;

    Ordering(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    long key(Request r, long ttlUs) {
        return this == FCFS ? r.enqueueUs : (ttlUs > 0 ? r.enqueueUs + ttlUs : Long.MAX_VALUE);
    }

    public static Ordering byId(String id) {
        for (Ordering o : values()) {
            if (o.id.equals(id)) {
                return o;
            }
        }
        throw new IllegalArgumentException("unknown ordering policy '" + id + "'; known: fcfs, edf");
    }
}
