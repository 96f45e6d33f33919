package io.nous.sim.request;

/** A source of requests in arrival order: synthetic from a workload, or replayed from a trace. */
public interface Arrivals {

    /** The next request, or {@code null} when arrivals have ended. */
    Request next();

    /**
     * What the client of {@code done}, which just ended at {@code nowUs} ({@code completed}, or
     * rejected or given up on), sends next because it waited for that end (a closed-loop user's next
     * request, a session's next round, an agent's sub-agents or the round that reads their results),
     * each handed to {@code send}; nothing for open-loop arrivals, which {@link #next} already gives.
     */
    default void followUps(Request done, boolean completed, long nowUs, java.util.function.Consumer<Request> send) {
    }
}
