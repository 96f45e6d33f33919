package io.nous.evaluator;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.evaluator.objective.Objectives;
import io.nous.evaluator.run.PairedRunner;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.evaluator.scenario.Matrix;
import io.nous.evaluator.scenario.MatrixEntry;
import io.nous.evaluator.scenario.Regime;
import io.nous.evaluator.scenario.Split;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.evaluator.stats.Verdict;
import io.nous.policy.PolicyRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;

class AdmissionObjectiveTest {

    @Test
    void theProbabilisticAdmitterSavesCriticalTimePerRequestItSheds() {
        Matrix m = new Matrix("adm", 3, 300, List.of(new MatrixEntry("blindspot", 10, null, null, Split.SEARCH, Regime.NEAR)));
        PolicyUnderTest legacy = new PolicyUnderTest("legacy", "legacy",
                () -> PolicyRegistry.builtin().usageLimit("static-usage-limit"), null, false, true);
        PolicyUnderTest admitter = new PolicyUnderTest("admitter", "admitter",
                () -> PolicyRegistry.builtin().usageLimit("static-usage-limit"),
                () -> PolicyRegistry.builtin().admission("probabilistic-admitter"), false, false);
        try (PairedRunner runner = new PairedRunner(legacy, 2)) {
            EvaluationReport r = new Evaluation(runner, Objectives.byName("ms-saved-per-shed"), new PairedBootstrap(500, 0.95))
                    .evaluate(admitter, m, null);
            assertThat(r.sanity()).isEmpty();
            assertThat(r.score().change()).isPositive();
            assertThat(r.score().verdict()).isEqualTo(Verdict.BETTER);
            assertThat(r.constraints()).extracting(c -> c.name()).containsExactly("no-harm-under-capacity");
            ScenarioReport s = r.scenarios().get(0);
            assertThat(s.candidateDropped()).isGreaterThan(s.baselineDropped());
        }
    }
}
