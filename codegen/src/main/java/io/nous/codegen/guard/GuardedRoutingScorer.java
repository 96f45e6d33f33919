package io.nous.codegen.guard;

import io.nous.sim.spi.RoutingScorer;

/**
 * Runs a compiled routing candidate under its {@link Budget}; see {@link GuardedUsageLimitPolicy}.
 * One score is held to the allowance of one admission decision: both are one evaluation of a small
 * function per request (here, per endpoint of a request).
 */
public final class GuardedRoutingScorer implements RoutingScorer {
    private final RoutingScorer delegate;
    private final String name;
    private final Budget budget;
    private final boolean threadBudget;

    public GuardedRoutingScorer(RoutingScorer delegate, String name, Budget budget, boolean threadBudget) {
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
    public double score(long promptTokens, double prefixMatch, long uncachedTokens, long inFlightTokens, int inFlightRequests,
                        int maxInFlightRequests, int waiting, int running, double kvUsage) {
        budget.reset();
        if (threadBudget) {
            Budget.use(budget);
        }
        try {
            double s = delegate.score(promptTokens, prefixMatch, uncachedTokens, inFlightTokens, inFlightRequests, maxInFlightRequests,
                    waiting, running, kvUsage);
            budget.endAdmission();
            return s;
        } catch (Throwable t) {
            throw Faults.translate(t, name, "score with prefix match " + prefixMatch + ", " + inFlightRequests + " requests and "
                    + inFlightTokens + " tokens in flight");
        }
    }
}
