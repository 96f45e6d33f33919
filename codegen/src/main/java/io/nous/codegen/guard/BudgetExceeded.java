package io.nous.codegen.guard;

/**
 * Thrown inside candidate code when it exceeds its per-call budget of steps, call depth or
 * allocation. An {@link Error}, and candidates may not catch anything, so it always unwinds to
 * the guard.
 */
public final class BudgetExceeded extends Error {
    private static final long serialVersionUID = 1L;

    public BudgetExceeded(String message) {
        super(message, null, false, false);
    }
}
