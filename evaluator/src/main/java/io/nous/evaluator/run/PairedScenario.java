package io.nous.evaluator.run;

import io.nous.evaluator.scenario.MatrixEntry;
import java.util.List;

/** One matrix scenario run with baseline and candidate on the same seeds (index = seed - 1). */
public record PairedScenario(MatrixEntry entry, List<RunData> baseline, List<RunData> candidate) {

    public int seeds() {
        return baseline.size();
    }
}
