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
        PoolSummary pool = new PoolSummary("p", 1, 8, gpuHours, gpuHours, 1, 1, 3, 2, attainment, 1000, List.of());
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

    @Test
    void thePriceOfARequestWithinObjectiveRanksACheapPoolThatMissesItBelowADearerOneThatMeetsIt() {
        // the baseline spends 2 GPU-hours and meets the objective for a fifth of its 1,000 requests; the candidate spends half as
        // much again and meets it for nearly all: GPU-hours call it worse, the price per request within objective better
        PairedScenario p = pair(new double[][] {{2.0, 0.2}, {2.2, 0.25}}, new double[][] {{3.0, 0.98}, {3.3, 0.99}});
        PairedBootstrap stats = new PairedBootstrap(2000, 0.95);
        assertThat(Objectives.byName("gpu-hours").score(p, stats, new MersenneTwister(1)).comparison().verdict().name())
                .isEqualTo("WORSE");
        Objective price = Objectives.byName("slo-cost");
        assertThat(price.lowerIsBetter()).isTrue();
        assertThat(price.constraints()).contains(PoolObjective.SLO_HELD);
        var c = price.score(p, stats, new MersenneTwister(1)).comparison();
        // seed 1: 2 h / 200 requests against 3 h / 980; seed 2: 2.2 h / 250 against 3.3 h / 990
        double seed1 = (3.0 / 980) / (2.0 / 200);
        double seed2 = (3.3 / 990) / (2.2 / 250);
        assertThat(c.change()).isBetween(Math.min(seed1, seed2) - 1, Math.max(seed1, seed2) - 1);
        assertThat(c.verdict().name()).isEqualTo("BETTER");
        // seconds per request: 2 GPU-hours over 200 requests within objective is 36 GPU-seconds each
        assertThat(PoolObjective.sloCost(run(2.0, 0.2).result())).isCloseTo(36.0, org.assertj.core.api.Assertions.within(1e-9));
        // a pool that meets it for none is priced as if one had: finite, and the worst
        assertThat(PoolObjective.sloCost(run(1.0, 0.0).result())).isCloseTo(3600.0, org.assertj.core.api.Assertions.within(1e-9));
    }
}
