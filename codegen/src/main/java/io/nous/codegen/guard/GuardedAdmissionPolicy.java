package io.nous.codegen.guard;

import io.nous.sim.spi.AdmissionPolicy;

/** Runs a compiled admission candidate under its {@link Budget}; see {@link GuardedUsageLimitPolicy}. */
public final class GuardedAdmissionPolicy implements AdmissionPolicy {
    private final AdmissionPolicy delegate;
    private final String name;
    private final Budget budget;
    private final boolean threadBudget;

    /**
     * @param budget       the budget the candidate instance was constructed with (it holds it in a field)
     * @param threadBudget whether the candidate has static code, which finds the budget on the thread
     */
    public GuardedAdmissionPolicy(AdmissionPolicy delegate, String name, Budget budget, boolean threadBudget) {
        this.delegate = delegate;
        this.name = name;
        this.budget = budget;
        this.threadBudget = threadBudget;
    }

    /** The instance's budget, with the work it has used so far. */
    public Budget budget() {
        return budget;
    }

    @Override
    public boolean admit(int priority, double saturation, double u) {
        return admit(priority, saturation, saturation, saturation, u);
    }

    @Override
    public boolean admit(int priority, double saturation, double queue, double kv, double u) {
        budget.reset();
        if (threadBudget) {
            Budget.use(budget);
        }
        try {
            boolean admit = delegate.admit(priority, saturation, queue, kv, u);
            budget.endAdmission();
            return admit;
        } catch (Throwable t) {
            throw Faults.translate(t, name, "admit at priority " + priority + ", saturation " + saturation
                    + ", queue " + queue + ", kv " + kv);
        }
    }
}
