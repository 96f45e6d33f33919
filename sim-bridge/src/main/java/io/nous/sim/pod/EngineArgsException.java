package io.nous.sim.pod;

import io.nous.sim.InputError;

/** An engine's args list Nous cannot run: the message names the file, line and flag. */
public final class EngineArgsException extends InputError {
    private static final long serialVersionUID = 1L;

    public EngineArgsException(String message) {
        super(message);
    }
}
