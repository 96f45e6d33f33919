package io.nous.evaluator.run;

/**
 * The execution backend itself failed (a cluster job that Spark gave up on, an engine that
 * stopped): nothing is known about the policy, so the evaluation stops instead of recording a
 * candidate failure. Finished work is kept; the command can be run again.
 */
public final class BackendFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BackendFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
