package io.nous.evaluator.objective;

import io.nous.evaluator.run.PairedScenario;
import io.nous.evaluator.stats.PairedBootstrap;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * What "better" means for a search. Scores one scenario as a relative change versus the baseline;
 * the evaluation aggregates contended scenarios by the geometric mean of {@code 1 + change}.
 */
public interface Objective {

    String name();

    String description();

    /** True when a negative change is an improvement. */
    boolean lowerIsBetter();

    ScenarioScore score(PairedScenario p, PairedBootstrap stats, RandomGenerator rng);
}
