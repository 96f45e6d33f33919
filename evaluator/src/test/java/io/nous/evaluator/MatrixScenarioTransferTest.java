package io.nous.evaluator;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.codegen.isolate.WorkerProtocol;
import io.nous.evaluator.scenario.Matrix;
import io.nous.evaluator.scenario.MatrixCatalog;
import io.nous.evaluator.scenario.MatrixEntry;
import io.nous.evaluator.scenario.Variant;
import io.nous.sim.Scenario;
import org.junit.jupiter.api.Test;

/**
 * Every scenario a built-in matrix sends to a worker JVM arrives whole: each entry under each
 * variant (shared prefixes, prompt-length kinds, engine and metric settings, load scales), written
 * as a job's JSON and read back, is the scenario the evaluator built. A field lost on the way would
 * make a candidate run in a worker on another cluster than its baseline in process.
 */
class MatrixScenarioTransferTest {
    @Test
    void everyEntryUnderEveryVariantOfEveryBuiltInMatrixSurvivesTheJobsJson() {
        int checked = 0;
        for (String name : MatrixCatalog.BUILT_IN) {
            Matrix m = MatrixCatalog.load(name);
            for (MatrixEntry e : m.entries()) {
                for (Variant v : m.variants()) {
                    Scenario s = m.scenario(e, 1, v);
                    Scenario back = WorkerProtocol.fromJson(WorkerProtocol.toJson(s), Scenario.class);
                    assertThat(back).as(name + " " + e + " " + v.name()).isEqualTo(s);
                    checked++;
                }
            }
        }
        assertThat(checked).isGreaterThan(100);
    }
}
