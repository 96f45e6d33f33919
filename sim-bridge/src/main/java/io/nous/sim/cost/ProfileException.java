package io.nous.sim.cost;

/** A cost profile is missing, malformed or names something that does not exist. */
public final class ProfileException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ProfileException(String message) {
        super(message);
    }

    public ProfileException(String message, Throwable cause) {
        super(message, cause);
    }
}
