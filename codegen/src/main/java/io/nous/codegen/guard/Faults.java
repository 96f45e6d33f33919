package io.nous.codegen.guard;

/** Turns whatever a candidate threw into a {@link CandidateFault} with a reason a person can act on. */
public final class Faults {
    private Faults() {
    }

    static CandidateFault translate(Throwable t, String candidate, String where) {
        if (t instanceof CandidateFault f) {
            return f;
        }
        if (t instanceof Error e && !(t instanceof BudgetExceeded) && !(t instanceof StackOverflowError)
                && !(t instanceof OutOfMemoryError) && !(t instanceof LinkageError)) {
            throw e; // a JVM-level error that is not the candidate's doing: let it surface
        }
        return new CandidateFault("candidate '" + candidate + "' " + describe(t) + " (" + where + ")");
    }

    /** What went wrong, in words: "threw ArithmeticException: / by zero", "ran out of memory", ... */
    public static String describe(Throwable t) {
        if (t instanceof BudgetExceeded) {
            return t.getMessage();
        } else if (t instanceof StackOverflowError) {
            return "overflowed the stack";
        } else if (t instanceof OutOfMemoryError) {
            return "ran out of memory";
        } else if (t instanceof ExceptionInInitializerError e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e.getException();
            return "failed while its class was being initialized" + (cause == null ? "" : ": it " + describe(cause));
        } else if (t instanceof LinkageError) {
            return "referenced a class it may not use (" + t.getMessage() + ")";
        } else if (t instanceof CandidateFault f) {
            return f.getMessage();
        }
        return "threw " + t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
    }
}
