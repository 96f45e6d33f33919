package io.nous.evaluator.run;

/** The candidate could not be evaluated: it failed inside a simulation (fault, contract breach). */
public final class EvaluationFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public EvaluationFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
