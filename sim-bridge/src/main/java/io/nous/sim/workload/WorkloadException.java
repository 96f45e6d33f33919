package io.nous.sim.workload;

/** A workload definition is malformed or names something that does not exist. */
public final class WorkloadException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public WorkloadException(String message) {
        super(message);
    }

    public WorkloadException(String message, Throwable cause) {
        super(message, cause);
    }
}
