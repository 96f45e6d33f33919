package io.nous.policy;

/** A policy reference names no known policy, or its parameters are wrong. */
public final class PolicyException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public PolicyException(String message) {
        super(message);
    }
}
