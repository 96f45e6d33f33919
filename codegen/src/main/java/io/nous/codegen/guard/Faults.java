package io.nous.codegen.guard;

/** Turns whatever a candidate threw into a {@link CandidateFault} with a reason a person can act on. */
final class Faults {
    private Faults() {
    }

    static CandidateFault translate(Throwable t, String candidate, String where) {
        String what;
        if (t instanceof CandidateFault f) {
            return f;
        } else if (t instanceof BudgetExceeded) {
            what = t.getMessage();
        } else if (t instanceof StackOverflowError) {
            what = "overflowed the stack";
        } else if (t instanceof OutOfMemoryError) {
            what = "ran out of memory";
        } else if (t instanceof LinkageError) {
            what = "referenced a class it may not use (" + t.getMessage() + ")";
        } else if (t instanceof RuntimeException) {
            what = "threw " + t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
        } else if (t instanceof Error e) {
            throw e; // a JVM-level error that is not the candidate's doing: let it surface
        } else {
            what = "threw " + t;
        }
        return new CandidateFault("candidate '" + candidate + "' " + what + " (" + where + ")");
    }
}
