package io.nous.sim.cost;

import io.nous.sim.InputError;

/** A cost profile is missing, malformed or names something that does not exist. */
public final class ProfileException extends InputError {
    private static final long serialVersionUID = 1L;

    public ProfileException(String message) {
        super(message);
    }

    public ProfileException(String message, Throwable cause) {
        super(message, cause);
    }
}
