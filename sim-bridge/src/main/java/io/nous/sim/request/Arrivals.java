package io.nous.sim.request;

/** A source of requests in arrival order: synthetic from a workload, or replayed from a trace. */
public interface Arrivals {

    /** The next request, or {@code null} when arrivals have ended. */
    Request next();

    /**
     * What the client of {@code done}, which just ended at {@code nowUs} ({@code completed}, or
     * rejected or given up on), sends next, if that waits for the end (a closed-loop user, a session's
     * next round); null for open-loop arrivals, which {@link #next} already gives.
     */
    default Request followUp(Request done, boolean completed, long nowUs) {
        return null;
    }
}
