package io.nous.evaluator;

import io.nous.evaluator.scenario.MatrixEntry;
import io.nous.evaluator.stats.Comparison;
import java.util.Map;

/**
 * One scenario's paired results under one simulator variant: the standard comparisons (critical
 * and sheddable TTFT and E2E p99), the objective's comparison, and the drop counts summed over seeds.
 *
 * @param seedRegimes which arm's seeds land in different regimes ({@link SeedRegimes}), or null when they agree
 */
public record ScenarioReport(MatrixEntry entry, String variant, Map<String, Comparison> metrics, Comparison objective,
                             long arrived, long baselineDropped, long candidateDropped, double baselineSaturationAtLeastOne,
                             double candidateSaturationAtLeastOne, String seedRegimes) {

    public ScenarioReport(MatrixEntry entry, String variant, Map<String, Comparison> metrics, Comparison objective, long arrived,
                          long baselineDropped, long candidateDropped, double baselineSaturationAtLeastOne,
                          double candidateSaturationAtLeastOne) {
        this(entry, variant, metrics, objective, arrived, baselineDropped, candidateDropped, baselineSaturationAtLeastOne,
                candidateSaturationAtLeastOne, null);
    }

    /** The scenario's label, with the variant's name unless it is the nominal deployment. */
    public String label() {
        return entry.label() + ("nominal".equals(variant) ? "" : " [" + variant + "]");
    }
}
