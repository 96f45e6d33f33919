package io.nous.evaluator;

import io.nous.evaluator.scenario.MatrixEntry;
import io.nous.evaluator.stats.Comparison;
import java.util.Map;

/**
 * One scenario's paired results: the standard comparisons (critical and sheddable TTFT and E2E
 * p99), the objective's comparison, and the drop counts summed over seeds.
 */
public record ScenarioReport(MatrixEntry entry, Map<String, Comparison> metrics, Comparison objective,
                             long arrived, long baselineDropped, long candidateDropped, double baselineSaturationAtLeastOne,
                             double candidateSaturationAtLeastOne) {
}
