package io.nous.sim.epp;

import io.nous.sim.PolicyFailure;

/** A policy under test failed while the simulation called it; the run cannot be scored. */
public final class PolicyException extends PolicyFailure {
    private static final long serialVersionUID = 1L;

    public PolicyException(String message, Throwable cause) {
        super(message, cause);
    }
}
