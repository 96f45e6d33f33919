package io.nous.sim.request;

/** A source of requests in arrival order: synthetic from a workload, or replayed from a trace. */
public interface Arrivals {

    /** The next request, or {@code null} when arrivals have ended. */
    Request next();
}
