package io.nous.cli;

/**
 * A request the evidence does not support, refused before anything is written: exit code 7, the
 * message on one line saying why and that {@code --force} does it anyway.
 */
final class Unsupported extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Unsupported(String message) {
        super(message);
    }
}
