package io.nous.sim;

/**
 * What the user handed Nous is wrong — a flag, a file, a workload, a matrix, a trace, a run
 * directory, a policy name — and the message says what and where, in one line. Every module's
 * input errors extend this, so the CLI maps them all to exit 2 without listing them.
 */
public abstract class InputError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    protected InputError(String message) {
        super(message);
    }

    protected InputError(String message, Throwable cause) {
        super(message, cause);
    }
}
