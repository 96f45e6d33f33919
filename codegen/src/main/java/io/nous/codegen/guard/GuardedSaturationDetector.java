package io.nous.codegen.guard;

import io.nous.sim.spi.SaturationDetector;

/**
 * Runs a compiled saturation-detector candidate under its {@link Budget}; see
 * {@link GuardedUsageLimitPolicy}. One call is accounted as a dispatch cycle over as many bands as
 * the pool has endpoints: a detector loops over endpoints as a usage-limit policy loops over bands.
 */
public final class GuardedSaturationDetector implements SaturationDetector {
    private final SaturationDetector delegate;
    private final String name;
    private final Budget budget;
    private final boolean threadBudget;

    public GuardedSaturationDetector(SaturationDetector delegate, String name, Budget budget, boolean threadBudget) {
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
    public double saturation(int endpoints, int[] waiting, int[] running, double[] kvUsage, long[] metricsAgeUs, int[] inFlightRequests,
                             long[] inFlightTokens) {
        GuardedCall.begin(budget, threadBudget);
        try {
            double s = delegate.saturation(endpoints, waiting, running, kvUsage, metricsAgeUs, inFlightRequests, inFlightTokens);
            budget.endCall(Math.max(1, endpoints));
            return s;
        } catch (Throwable t) {
            throw GuardedCall.fault(t, name, "saturation over " + endpoints + " endpoints");
        }
    }
}
