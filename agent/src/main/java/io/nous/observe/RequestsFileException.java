package io.nous.observe;

/** A requests file that cannot be read: the message names the file and line. */
public final class RequestsFileException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public RequestsFileException(String message) {
        super(message);
    }
}
