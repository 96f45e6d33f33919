package io.nous.evaluator.objective;

import io.nous.evaluator.stats.Comparison;

/** An objective's comparison on one scenario, with the bootstrap replicates of its relative change. */
public record ScenarioScore(Comparison comparison, double[] replicates) {
}
