package io.nous.policy;

import io.nous.sim.InputError;

/** A policy reference names no known policy, or its parameters are wrong. */
public final class PolicyReferenceException extends InputError {
    private static final long serialVersionUID = 1L;

    public PolicyReferenceException(String message) {
        super(message);
    }
}
