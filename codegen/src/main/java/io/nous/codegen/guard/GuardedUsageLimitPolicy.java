package io.nous.codegen.guard;

import io.nous.sim.spi.UsageLimitPolicy;

/**
 * Runs a compiled usage-limit candidate under its {@link Budget}: refills the budget, calls, and
 * turns an exhausted budget, a stack overflow or any exception into a {@link CandidateFault} naming
 * the cause, which fails the evaluation but not the JVM. The answer itself is checked against the
 * ceiling contract by the simulator's flow controller (and by {@link Exercise}).
 *
 * <p>The call path is kept tiny: the simulator calls it once per dispatch cycle, millions of times
 * per run.
 */
public final class GuardedUsageLimitPolicy implements UsageLimitPolicy {
    private final UsageLimitPolicy delegate;
    private final String name;
    private final Budget budget;
    private final boolean threadBudget;

    /**
     * @param budget       the budget the candidate instance was constructed with (it holds it in a field)
     * @param threadBudget whether the candidate has static code, which finds the budget on the thread
     */
    public GuardedUsageLimitPolicy(UsageLimitPolicy delegate, String name, Budget budget, boolean threadBudget) {
        this.delegate = delegate;
        this.name = name;
        this.budget = budget;
        this.threadBudget = threadBudget;
    }

    /** The candidate instance's budget: what it has spent over its life (for measurement). */
    public Budget budget() {
        return budget;
    }

    @Override
    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
        budget.reset();
        if (threadBudget) {
            Budget.use(budget);
        }
        try {
            delegate.computeLimit(saturation, priorities, ceilings);
            budget.endCall(priorities.length);
        } catch (Throwable t) {
            throw Faults.translate(t, name, "computeLimit at saturation " + saturation + " with " + priorities.length
                    + (priorities.length == 1 ? " band" : " bands"));
        }
    }
}
