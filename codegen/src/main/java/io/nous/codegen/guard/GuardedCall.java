package io.nous.codegen.guard;

/**
 * What a guard does around one call of a candidate, for the guards of plug points outside this
 * package: refill the per-call budget and bind it to the thread before the call, turn anything the
 * candidate threw into a {@link CandidateFault} naming the candidate and the call after it. The
 * built-in guards ({@link GuardedUsageLimitPolicy} and the others) do the same inline.
 */
public final class GuardedCall {
    private GuardedCall() {
    }

    /** Before a call: a fresh per-call allowance, bound to this thread when the candidate needs it there. */
    public static void begin(Budget budget, boolean threadBudget) {
        budget.reset();
        if (threadBudget) {
            Budget.use(budget);
        }
    }

    /** What {@code thrown} during the call means: a fault of {@code candidate} at {@code where}. */
    public static CandidateFault fault(Throwable thrown, String candidate, String where) {
        return Faults.translate(thrown, candidate, where);
    }
}
