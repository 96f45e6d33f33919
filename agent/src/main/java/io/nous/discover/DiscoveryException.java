package io.nous.discover;

/** A discovery run cannot start or go on (bad configuration, a journal that cannot be resumed). */
public final class DiscoveryException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public DiscoveryException(String message) {
        super(message);
    }
}
