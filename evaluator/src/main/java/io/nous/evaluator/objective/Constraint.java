package io.nous.evaluator.objective;

import io.nous.evaluator.run.PairedScenario;
import io.nous.evaluator.stats.Comparison;
import io.nous.evaluator.stats.PairedBootstrap;
import java.util.List;
import java.util.Map;

/** A property a candidate may not trade away for a better objective. */
public interface Constraint {

    String name();

    /**
     * @param comparisons per scenario label, the standard comparisons (see {@link StandardMetrics})
     */
    ConstraintResult check(List<PairedScenario> scenarios, Map<String, Map<String, Comparison>> comparisons,
                           PairedBootstrap stats);
}
