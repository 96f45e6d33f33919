package io.nous.codegen.guard;

import io.nous.sim.spi.AdmissionPolicy;

/** Runs a compiled admission candidate under its {@link Budget}; see {@link GuardedUsageLimitPolicy}. */
public final class GuardedAdmissionPolicy implements AdmissionPolicy {
    private final AdmissionPolicy delegate;
    private final String name;
    private final Budget budget;

    public GuardedAdmissionPolicy(AdmissionPolicy delegate, String name, Budget budget) {
        this.delegate = delegate;
        this.name = name;
        this.budget = budget;
    }

    @Override
    public boolean admit(int priority, double saturation, double u) {
        budget.reset();
        Budget previous = Budget.bind(budget);
        try {
            return delegate.admit(priority, saturation, u);
        } catch (BudgetExceeded e) {
            throw fault(e.getMessage());
        } catch (StackOverflowError e) {
            throw fault("overflowed the stack");
        } catch (OutOfMemoryError e) {
            throw fault("ran out of memory");
        } catch (LinkageError e) {
            throw fault("referenced a class it may not use (" + e.getMessage() + ")");
        } catch (RuntimeException e) {
            throw fault("threw " + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()));
        } finally {
            Budget.bind(previous);
        }
    }

    private CandidateFault fault(String what) {
        return new CandidateFault("candidate '" + name + "' " + what + " (admit)");
    }
}
