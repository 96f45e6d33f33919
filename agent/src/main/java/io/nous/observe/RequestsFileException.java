package io.nous.observe;

import io.nous.sim.InputError;

/** A requests file that cannot be read: the message names the file and line. */
public final class RequestsFileException extends InputError {
    private static final long serialVersionUID = 1L;

    public RequestsFileException(String message) {
        super(message);
    }
}
