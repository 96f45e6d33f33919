package io.nous.discover;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.evaluator.Evaluation;
import io.nous.evaluator.objective.Objective;
import io.nous.evaluator.objective.Objectives;
import io.nous.evaluator.run.PairedRunner;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.evaluator.scenario.Matrix;
import io.nous.evaluator.scenario.MatrixEntry;
import io.nous.evaluator.scenario.Regime;
import io.nous.evaluator.scenario.Split;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.sandbox.Sandbox;
import io.nous.store.journal.Evidence;
import io.nous.store.journal.Promotion;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * With a front, a promotion trial's search step asks for dominance over the incumbent (or the stated
 * preference), on real simulations: soft-reflective-ceiling against the static usage limit near
 * capacity, where it is better on critical TTFT and E2E alike, passes it; the other way round does not.
 */
class PromoterFrontTest {
    private static final Problem PROBLEM = Problems.byId("flow-control");
    private static final Sandbox SANDBOX = Sandbox.inProcess();
    private static final Objective TTFT = Objectives.byName("critical-ttft");
    private static final List<Objective> FRONT = List.of(Objectives.byName("critical-e2e"));
    private static final PairedBootstrap STATS = new PairedBootstrap(500, 0.95);
    private static final Matrix MATRIX = new Matrix("front", 2, 600, List.of(
            new MatrixEntry("code-generation", 16, null, null, Split.SEARCH, Regime.NEAR),
            new MatrixEntry("code-generation", 16, null, null, Split.VALIDATION, Regime.NEAR)));
    private static final Map<String, PolicyUnderTest> DEPLOYED = new HashMap<>();
    private static PairedRunner baseline;
    private static Evaluation vsBaseline;
    private static Evaluated soft;
    private static Evaluated fixed;

    @BeforeAll
    static void evaluateBoth() {
        baseline = SANDBOX.runner(PROBLEM.baseline(), 2);
        vsBaseline = new Evaluation(baseline, TTFT, STATS, FRONT);
        soft = evaluated("soft-reflective-ceiling");
        fixed = evaluated("static-usage-limit");
    }

    @AfterAll
    static void close() {
        baseline.close();
    }

    private static Evaluated evaluated(String ref) {
        String source = PROBLEM.seedSource(ref);
        PolicyUnderTest p = PROBLEM.candidate(SANDBOX, ref, PROBLEM.compile(source));
        DEPLOYED.put(ref, p);
        return Evaluated.of(Evidence.of(ref, vsBaseline.evaluate(p, MATRIX, Split.SEARCH), Double.NaN, Double.NaN), source, TTFT.direction());
    }

    private static Promotion trial(Preference prefer, Evaluated candidate, Evaluated incumbent) {
        try (Promoter promoter = new Promoter(PROBLEM, SANDBOX, 2, TTFT, STATS, MATRIX, e -> DEPLOYED.get(e.candidateId()), FRONT, prefer, 3, 0)) {
            return promoter.trial(candidate, DEPLOYED.get(candidate.candidateId()), vsBaseline, incumbent);
        }
    }

    @Test
    void aDominatingCandidateIsPromotedAndADominatedOneIsNot() {
        Promotion up = trial(null, soft, fixed);
        // past the search trial (validation is the confirmation's business, asked only of a candidate that passed it)
        assertThat(up.validation()).as(up.reason()).isNotNull();
        assertThat(up.reason()).doesNotStartWith("not dominating");
        assertThat(up.searchVsIncumbent().variants().get(0).also()).containsKey("critical-e2e");
        assertThat(up.searchVsIncumbent().scenarios()).as("the head-to-head runs on its own seeds").isNotEmpty();
        Promotion down = trial(null, fixed, soft);
        assertThat(down.accepted()).isFalse();
        assertThat(down.validation()).isNull();
        assertThat(down.reason()).isEqualTo("not dominating the incumbent on the search split (critical-ttft, critical-e2e) with confidence "
                + "under every variant");
    }

    @Test
    void aPreferenceDecidesByItsOwnRule() {
        List<String> objectives = List.of("critical-ttft", "critical-e2e");
        Preference prefer = Preference.parse("critical-ttft within 5% of best, then min critical-e2e", objectives);
        assertThat(trial(prefer, soft, fixed).validation()).isNotNull();
        Promotion down = trial(prefer, fixed, soft);
        assertThat(down.accepted()).isFalse();
        assertThat(down.reason()).startsWith("not preferred to the incumbent (critical-ttft within 5% of best, then min critical-e2e)");
    }
}
