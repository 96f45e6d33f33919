package io.nous.evaluator.objective;

/** Whether a constraint held, and where and why not. */
public record ConstraintResult(String name, boolean pass, String detail) {
}
