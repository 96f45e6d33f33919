package io.nous.sim;

/**
 * A policy under test failed while it ran (threw, broke its contract, ran past its budget): the
 * evidence about it is that it fails, not a score. The CLI maps every such failure to exit 3.
 */
public abstract class PolicyFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    protected PolicyFailure(String message) {
        super(message);
    }

    protected PolicyFailure(String message, Throwable cause) {
        super(message, cause);
    }

    /** Without a stack trace, for failures that are evidence rather than bugs (thrown often, read as a message). */
    protected PolicyFailure(String message, Throwable cause, boolean enableSuppression, boolean writableStackTrace) {
        super(message, cause, enableSuppression, writableStackTrace);
    }
}
