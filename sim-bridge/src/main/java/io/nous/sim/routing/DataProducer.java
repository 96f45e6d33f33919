package io.nous.sim.routing;

/**
 * A data producer of the router's request-control layer: it computes per-endpoint attributes for the
 * request being scheduled ({@code Produce}) and learns from the choice ({@code PreRequest}).
 */
public interface DataProducer {
    void produce(SchedulingContext c);

    /** The request of {@code c} was sent to {@code pod}. */
    default void preRequest(SchedulingContext c, int pod) {
    }
}
