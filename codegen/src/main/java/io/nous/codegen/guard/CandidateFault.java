package io.nous.codegen.guard;

import io.nous.sim.PolicyFailure;

/**
 * A guarded candidate misbehaved at run time: exceeded its budget, threw, referenced a forbidden
 * class, or returned values outside the contract. The evaluation that called it fails with this
 * reason; the simulator and the JVM carry on.
 */
public final class CandidateFault extends PolicyFailure {
    private static final long serialVersionUID = 1L;

    public CandidateFault(String message) {
        super(message, null, false, false);
    }
}
