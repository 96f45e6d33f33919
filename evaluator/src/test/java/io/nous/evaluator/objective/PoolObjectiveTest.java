package io.nous.evaluator.objective;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.evaluator.run.PairedScenario;
import io.nous.evaluator.run.RunData;
import io.nous.evaluator.scenario.MatrixEntry;
import io.nous.evaluator.scenario.Regime;
import io.nous.evaluator.scenario.Split;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.pool.PoolSummary;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.random.MersenneTwister;
import org.junit.jupiter.api.Test;

/**
 * The autoscaling front's two objectives: GPU-hours relative to the baseline, attainment in
 * percentage points (a pool that meets the objective for none of its requests is a value, not a
 * division by zero), and the slo-held constraint that keeps a cheaper pool from buying its savings
 * with missed objectives.
 */
class PoolObjectiveTest {
    private static final MatrixEntry ENTRY = new MatrixEntry("interactive-chat", 40, null, 2, Split.SEARCH, Regime.NEAR, null, null, null,
            0.6, 8);

    private static RunData run(double gpuHours, double attainment) {
        PoolSummary pool = new PoolSummary("p", 1, 8, gpuHours, gpuHours, 1, 1, 3, 2, attainment, List.of());
        SimulationResult r = new SimulationResult("interactive-chat", 40, 1, 2, "h100", "utilization", true, 3600, 720, 3600, 0, 0,
                Map.of(), List.of(), null, null, 0, null, false, null, pool, null);
        return new RunData(r, Map.of());
    }

    private static PairedScenario pair(double[][] baseline, double[][] candidate) {
        return new PairedScenario(ENTRY, List.of(run(baseline[0][0], baseline[0][1]), run(baseline[1][0], baseline[1][1])),
                List.of(run(candidate[0][0], candidate[0][1]), run(candidate[1][0], candidate[1][1])));
    }

    @Test
    void gpuHoursAreRelativeAndAttainmentIsInPointsEvenFromZero() {
        PairedScenario p = pair(new double[][] {{2.0, 0.0}, {2.2, 0.0}}, new double[][] {{3.0, 0.5}, {3.3, 0.7}});
        PairedBootstrap stats = new PairedBootstrap(2000, 0.95);
        var cost = Objectives.byName("gpu-hours").score(p, stats, new MersenneTwister(1)).comparison();
        assertThat(cost.change()).isCloseTo(0.5, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(cost.verdict().name()).isEqualTo("WORSE");
        Objective attainment = Objectives.byName("slo-attainment");
        assertThat(attainment.aggregation()).isEqualTo(Objective.Aggregation.MEAN_ABSOLUTE);
        var points = attainment.score(p, stats, new MersenneTwister(1)).comparison();
        assertThat(points.change()).isCloseTo(0.60, org.assertj.core.api.Assertions.within(1e-9)); // 60 points, shown as +60.0%
        assertThat(points.verdict().name()).isEqualTo("BETTER");
    }

    @Test
    void aCheaperPoolThatMissesTheObjectiveBreaksSloHeld() {
        PairedScenario cheaper = pair(new double[][] {{2.0, 0.9}, {2.0, 0.9}}, new double[][] {{1.5, 0.85}, {1.5, 0.86}});
        var r = PoolObjective.SLO_HELD.check(List.of(cheaper), Map.of(), new PairedBootstrap(200, 0.95));
        assertThat(r.pass()).isFalse();
        assertThat(r.detail()).contains("TTFT objective met by 85.5% of requests vs 90.0% for the baseline");
        PairedScenario same = pair(new double[][] {{2.0, 0.9}, {2.0, 0.9}}, new double[][] {{1.5, 0.895}, {1.5, 0.9}});
        assertThat(PoolObjective.SLO_HELD.check(List.of(same), Map.of(), new PairedBootstrap(200, 0.95)).pass()).isTrue();
    }
}
