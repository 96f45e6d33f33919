package io.nous.store;

import io.nous.sim.InputError;

/** The run store cannot do what was asked: a missing run, an unwritable directory, a full disk. */
public final class StoreException extends InputError {
    private static final long serialVersionUID = 1L;

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
