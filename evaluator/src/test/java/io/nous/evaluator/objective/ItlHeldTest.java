package io.nous.evaluator.objective;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.evaluator.run.PairedScenario;
import io.nous.evaluator.run.RunData;
import io.nous.evaluator.scenario.MatrixEntry;
import io.nous.evaluator.scenario.Regime;
import io.nous.evaluator.scenario.Split;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.sim.metrics.ClassSummary;
import io.nous.sim.metrics.Latency;
import io.nous.sim.metrics.SimulationResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code itl-held}, the P/D objective's guard: a decider may lower critical TTFT only while the
 * critical requests' ITL p99, averaged over seeds, stays within 10 % and 1 ms of the baseline's.
 */
class ItlHeldTest {
    private static final MatrixEntry ENTRY = new MatrixEntry("code-completion", 9, null, 4, Split.SEARCH, Regime.NEAR, null, null, null,
            null, null, 2);

    private static RunData run(double itlP99) {
        Latency l = new Latency(100, 20, 20, 20, itlP99, itlP99);
        ClassSummary c = new ClassSummary("critical", 0, 100, 100, 0, 0, 0, 0, 0, 1, 10, 0, l, l, l, l, 0, 0, 0, 0);
        SimulationResult r = new SimulationResult("code-completion", 9, 1, 4, "h100", "utilization", true, 300, 60, 300, 0, 0,
                Map.of("critical", c), List.of(), null, null, 0, null, false, null, null, null);
        return new RunData(r, Map.of());
    }

    private static PairedScenario pair(double baseline, double candidate) {
        return new PairedScenario(ENTRY, List.of(run(baseline), run(baseline)), List.of(run(candidate), run(candidate)));
    }

    @Test
    void smootherOrEqualDecodesPassAndSlowerOnesFailWithTheFigures() {
        PairedBootstrap stats = new PairedBootstrap(200, 0.95);
        assertThat(ItlHeld.INSTANCE.check(List.of(pair(20, 21.9)), Map.of(), stats).pass()).isTrue(); // within 10 % + 1 ms: 23 ms
        var failed = ItlHeld.INSTANCE.check(List.of(pair(20, 45)), Map.of(), stats);
        assertThat(failed.pass()).isFalse();
        assertThat(failed.detail()).contains("code-completion@9/4pods~2P2D: critical ITL p99 45.0 ms vs 20.0 ms for the baseline");
        assertThat(Objectives.byName("pd-ttft").constraints()).extracting(Constraint::name).contains("itl-held", "no-added-drops");
    }
}
