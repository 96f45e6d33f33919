package io.nous.cli;

import io.nous.sim.InputError;

/** Bad input from the user: printed as one line, exit code 2, no stack trace. */
public final class UserError extends InputError {
    private static final long serialVersionUID = 1L;

    public UserError(String message) {
        super(message);
    }
}
