package io.nous.evaluator.run;

import io.nous.evaluator.scenario.MatrixEntry;
import io.nous.evaluator.scenario.Variant;
import java.util.List;

/**
 * One matrix scenario under one simulator variant, run with baseline and candidate on the same
 * seeds (index = seed - 1).
 */
public record PairedScenario(MatrixEntry entry, Variant variant, List<RunData> baseline, List<RunData> candidate) {

    public PairedScenario(MatrixEntry entry, List<RunData> baseline, List<RunData> candidate) {
        this(entry, Variant.NOMINAL, baseline, candidate);
    }

    public int seeds() {
        return baseline.size();
    }

    /** The scenario's label, with the variant's name unless it is the nominal deployment. */
    public String label() {
        return entry.label() + (variant.isNominal() ? "" : " [" + variant.name() + "]");
    }
}
