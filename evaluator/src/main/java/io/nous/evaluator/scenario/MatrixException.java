package io.nous.evaluator.scenario;

import io.nous.sim.InputError;

/** A matrix file is malformed or names something that does not exist. */
public final class MatrixException extends InputError {
    private static final long serialVersionUID = 1L;

    public MatrixException(String message, Throwable cause) {
        super(message, cause);
    }
}
