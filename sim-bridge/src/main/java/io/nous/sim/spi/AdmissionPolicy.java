package io.nous.sim.spi;

/**
 * Decides whether a request may proceed to pod selection, mirroring the router's {@code Admitter}
 * plugins (for example {@code probabilistic-admitter}). A rejection surfaces to the client as an
 * HTTP 500 "request cannot be admitted".
 *
 * <p>Policies must be pure functions of their arguments: the only randomness available is the
 * uniform draw {@code u} that the simulator takes for every request from a seeded stream, so that
 * candidate and baseline see the same draws (common random numbers).
 */
public interface AdmissionPolicy {

    /**
     * @param priority   the request's priority (negative means sheddable)
     * @param saturation pool saturation by the utilization formula, without the staleness rule
     * @param u          a uniform draw in [0, 1) dedicated to this request's admission decision
     * @return {@code true} to admit the request
     */
    boolean admit(int priority, double saturation, double u);
}
