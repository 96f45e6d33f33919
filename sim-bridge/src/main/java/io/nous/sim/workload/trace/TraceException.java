package io.nous.sim.workload.trace;

import io.nous.sim.InputError;

/** A trace file is missing or malformed. */
public final class TraceException extends InputError {
    private static final long serialVersionUID = 1L;

    public TraceException(String message) {
        super(message);
    }
}
