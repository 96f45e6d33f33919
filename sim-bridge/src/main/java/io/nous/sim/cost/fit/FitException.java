package io.nous.sim.cost.fit;

/** Measurements that cannot be fitted: unreadable, malformed (with line numbers) or degenerate. */
public final class FitException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public FitException(String message) {
        super(message);
    }
}
