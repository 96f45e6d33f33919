package io.nous.evaluator;

import io.nous.evaluator.run.Deployment;
import io.nous.evaluator.run.PolicyIdentity;
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
        PolicyUnderTest legacy = new PolicyUnderTest("legacy", PolicyIdentity.named("legacy"),
                () -> PolicyRegistry.builtin().usageLimit("static-usage-limit"), null, Deployment.LEGACY_SHEDDING);
        PolicyUnderTest admitter = new PolicyUnderTest("admitter", PolicyIdentity.named("admitter"),
                () -> PolicyRegistry.builtin().usageLimit("static-usage-limit"),
                () -> PolicyRegistry.builtin().admission("probabilistic-admitter"), Deployment.DIRECT);
        try (PairedRunner runner = new PairedRunner(legacy, 2)) {
            EvaluationReport r = new Evaluation(runner, Objectives.byName("ms-saved-per-shed"), new PairedBootstrap(500, 0.95),
                    List.of(Objectives.byName("sheddable-shed"))).evaluate(admitter, m, null);
            assertThat(r.sanity()).isEmpty();
            assertThat(r.score().change()).isPositive();
            assertThat(r.score().verdict()).isEqualTo(Verdict.BETTER);
            assertThat(r.constraints()).extracting(c -> c.name()).containsExactly("no-harm-under-capacity");
            ScenarioReport s = r.scenarios().get(0);
            assertThat(s.candidateDropped()).isGreaterThan(s.baselineDropped());
            // the same trade-off's other side: points of sheddable arrivals shed beyond the baseline, worse with confidence
            Score shed = r.variants().get(0).also().get("sheddable-shed");
            assertThat(shed.change()).isBetween(0.5, 100.0);
            assertThat(shed.ciLow()).isPositive();
            assertThat(shed.verdict()).isEqualTo(Verdict.WORSE);
        }
    }

    @Test
    void theShedBudgetCountsOnlySheddableRejectionsBeyondTheBaselines() {
        // blindspot is 90 % sheddable: at 4.6 QPS (1.3x capacity) the legacy path sheds some, probabilistic-admitter
        // nearly all, which is more than the budget; a threshold at the legacy point sheds nothing extra
        Matrix m = new Matrix("adm", 2, 300, List.of(new MatrixEntry("blindspot", 4.6, null, null, Split.SEARCH, Regime.NEAR)));
        PolicyUnderTest legacy = new PolicyUnderTest("legacy", PolicyIdentity.named("legacy"),
                () -> PolicyRegistry.builtin().usageLimit("static-usage-limit"), null, Deployment.LEGACY_SHEDDING);
        try (PairedRunner runner = new PairedRunner(legacy, 2)) {
            Evaluation e = new Evaluation(runner, Objectives.byName("critical-ttft-shed"), new PairedBootstrap(500, 0.95));
            EvaluationReport greedy = e.evaluate(new PolicyUnderTest("admitter", PolicyIdentity.named("admitter"),
                    () -> PolicyRegistry.builtin().usageLimit("static-usage-limit"),
                    () -> PolicyRegistry.builtin().admission("probabilistic-admitter"), Deployment.DIRECT), m, null);
            assertThat(greedy.constraints()).extracting(c -> c.name()).containsExactly("no-harm-under-capacity", "shed-budget");
            assertThat(greedy.constraints().get(1).pass()).isFalse();
            assertThat(greedy.constraints().get(1).detail()).contains("blindspot@4.6").contains("sheddable requests rejected beyond the baseline's")
                    .contains("(at most 20%)");
            EvaluationReport same = e.evaluate(new PolicyUnderTest("legacy-as-admitter", PolicyIdentity.named("legacy-as-admitter"),
                    () -> PolicyRegistry.builtin().usageLimit("static-usage-limit"),
                    () -> PolicyRegistry.builtin().admission("legacy-threshold"), Deployment.DIRECT), m, null);
            assertThat(same.constraints().get(1).pass()).as(same.constraints().get(1).detail()).isTrue();
        }
    }
}
