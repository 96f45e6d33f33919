package io.nous.discover;

import io.nous.evaluator.scenario.Matrix;
import io.nous.evaluator.scenario.Split;
import io.nous.evaluator.stats.GroupSequential;

/**
 * How a run's comparisons that decide something spend seeds on a split: from the split's own seeds,
 * doubling while the verdict is open, up to the run's cap ({@code --seeds-up-to}); a fixed number
 * when the run has no cap or the split already runs as many. One place, so that the loop and
 * whatever re-simulates a run's evidence (a report) make the same comparison.
 */
public final class SeedPlans {
    /**
     * Within this relative change a sequential comparison stops as equivalent: well under the 5 % a
     * discovery must be able to confirm, so a real 5 % difference is not stopped as "no difference".
     */
    public static final double EQUIVALENCE_MARGIN = 0.03;

    private SeedPlans() {
    }

    /** The plan of a decisive comparison on {@code split} of {@code m}. */
    public static GroupSequential forSplit(int seedsUpTo, double confidence, Matrix m, Split split) {
        int first = m.seeds(split);
        return seedsUpTo > first ? GroupSequential.doubling(first, seedsUpTo, confidence, EQUIVALENCE_MARGIN)
                : GroupSequential.fixed(first, confidence);
    }
}
