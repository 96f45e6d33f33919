package io.nous.sim.workload;

import io.nous.sim.InputError;

/** A workload definition is malformed or names something that does not exist. */
public final class WorkloadException extends InputError {
    private static final long serialVersionUID = 1L;

    public WorkloadException(String message) {
        super(message);
    }

    public WorkloadException(String message, Throwable cause) {
        super(message, cause);
    }
}
