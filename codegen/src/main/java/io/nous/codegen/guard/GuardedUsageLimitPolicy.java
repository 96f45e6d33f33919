package io.nous.codegen.guard;

import io.nous.sim.epp.PolicyState;
import io.nous.sim.epp.RepeatableCalls;
import io.nous.sim.spi.UsageLimitPolicy;

/**
 * Runs a compiled usage-limit candidate under its {@link Budget}: refills the budget, calls, and
 * turns an exhausted budget, a stack overflow or any exception into a {@link CandidateFault} naming
 * the cause, which fails the evaluation but not the JVM. The answer itself is checked against the
 * ceiling contract by the simulator's flow controller (and by {@link Exercise}).
 *
 * <p>It also tells the flow controller when the call it just made would repeat: the candidate has no
 * static code, its fields ({@link PolicyState}, the budget field aside) are what they were before the
 * call and the call allocated nothing, so the same saturation runs the same code again. Such a cycle is
 * then charged to the budget as the call would have been ({@link Budget#repeatCall}) without running
 * it, and fails where that call would have failed.
 *
 * <p>The call path is kept tiny: the simulator calls it once per dispatch cycle, millions of times
 * per run.
 */
public final class GuardedUsageLimitPolicy implements UsageLimitPolicy, RepeatableCalls {
    private final UsageLimitPolicy delegate;
    private final String name;
    private final Budget budget;
    private final boolean threadBudget;
    /** The candidate's fields; null when it has static code or does not qualify: then no call repeats. */
    private final PolicyState state;
    private boolean lastRepeats;
    private double lastSaturation;
    private int lastBands;
    private long repeated;

    /**
     * @param budget       the budget the candidate instance was constructed with (it holds it in a field)
     * @param threadBudget whether the candidate has static code, which finds the budget on the thread
     */
    public GuardedUsageLimitPolicy(UsageLimitPolicy delegate, String name, Budget budget, boolean threadBudget) {
        this(delegate, name, budget, threadBudget, !threadBudget);
    }

    private GuardedUsageLimitPolicy(UsageLimitPolicy delegate, String name, Budget budget, boolean threadBudget, boolean repeats) {
        this.delegate = delegate;
        this.name = name;
        this.budget = budget;
        this.threadBudget = threadBudget;
        this.state = repeats ? PolicyState.of(delegate, GuardInstrumenter.FIELD) : null;
    }

    /**
     * This guard's candidate and budget behind a guard that never says a call repeats, so that the flow
     * controller calls it on every cycle: the reference a run with held cycles is checked against. Use
     * one of the two, never both.
     */
    public GuardedUsageLimitPolicy everyCall() {
        return new GuardedUsageLimitPolicy(delegate, name, budget, threadBudget, false);
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
        lastRepeats = false;
        if (state != null) {
            state.beforeCall(delegate);
        }
        try {
            delegate.computeLimit(saturation, priorities, ceilings);
            budget.endCall(priorities.length);
            lastRepeats = state != null && state.afterCall(delegate) && budget.allocatedThisCall() == 0;
            lastSaturation = saturation;
            lastBands = priorities.length;
        } catch (Throwable t) {
            throw fault(t, saturation, priorities.length);
        }
    }

    /** Calls accounted as repeats of the last, without running the candidate (for measurement). */
    public long repeatedCalls() {
        return repeated;
    }

    @Override
    public boolean lastCallRepeats() {
        return lastRepeats;
    }

    @Override
    public void repeatLastCall() {
        if (!lastRepeats) {
            throw new IllegalStateException("the last call of " + name + " does not repeat");
        }
        repeated++;
        try {
            budget.repeatCall(lastBands);
        } catch (Throwable t) {
            throw fault(t, lastSaturation, lastBands);
        }
    }

    @Override
    public long repeatLastCalls(long calls) {
        if (!lastRepeats) {
            throw new IllegalStateException("the last call of " + name + " does not repeat");
        }
        long n = budget.repeatCalls(lastBands, calls);
        repeated += n;
        return n;
    }

    private RuntimeException fault(Throwable t, double saturation, int bands) {
        return Faults.translate(t, name, "computeLimit at saturation " + saturation + " with " + bands
                + (bands == 1 ? " band" : " bands"));
    }
}
