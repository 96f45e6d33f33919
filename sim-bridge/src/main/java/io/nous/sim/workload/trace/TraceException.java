package io.nous.sim.workload.trace;

/** A trace file is missing or malformed. */
public final class TraceException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public TraceException(String message) {
        super(message);
    }
}
