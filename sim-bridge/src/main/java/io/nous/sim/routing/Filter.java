package io.nous.sim.routing;

/** A scheduling filter: keeps some of the candidate endpoints. */
public interface Filter {
    /**
     * Keeps the endpoints to pass on in {@code endpoints[0, result)}, in their order; 0 leaves none.
     *
     * @param n the candidates are {@code endpoints[0, n)}
     */
    int filter(SchedulingContext c, int[] endpoints, int n);
}
