package io.nous.evaluator;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.evaluator.run.PairedScenario;
import io.nous.evaluator.run.RunData;
import io.nous.evaluator.scenario.MatrixEntry;
import io.nous.evaluator.scenario.Regime;
import io.nous.evaluator.scenario.Split;
import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import io.nous.sim.spi.UsageLimitPolicy;
import io.nous.sim.workload.WorkloadCatalog;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A scenario whose seeds land in different regimes says so instead of pooling them. */
class SeedRegimesTest {
    private static final UsageLimitPolicy OPEN = (s, p, c) -> { };

    private static List<RunData> seeds(String workload, double qps, int... seeds) {
        List<RunData> out = new ArrayList<>();
        for (int seed : seeds) {
            Scenario s = Scenario.builder(WorkloadCatalog.builtin().workload(workload)).qps(qps).seed(seed).durationSeconds(300).build();
            out.add(new RunData(new ClusterSimulation(s, OPEN, "open", null, null).run(), null));
        }
        return out;
    }

    @Test
    void seedsThatAgreeSayNothing() {
        MatrixEntry e = new MatrixEntry("interactive-chat", 20, null, null, Split.SEARCH, Regime.UNDER);
        List<RunData> runs = seeds("interactive-chat", 20, 1, 2, 3);
        assertThat(SeedRegimes.disagreement(new PairedScenario(e, runs, runs))).isNull();
    }

    @Test
    void aSeedThatCollapsesBesideOnesThatDoNotIsNamed() {
        // an under-capacity run and a far-overloaded one stand in for two seeds of one scenario
        MatrixEntry e = new MatrixEntry("code-generation", 16, null, null, Split.SEARCH, Regime.NEAR);
        List<RunData> mixed = new ArrayList<>(seeds("code-generation", 4, 1));
        mixed.addAll(seeds("code-generation", 16, 1));
        String line = SeedRegimes.disagreement(new PairedScenario(e, mixed, seeds("code-generation", 4, 1, 2)));
        assertThat(line).startsWith("baseline seeds are in different regimes (critical TTFT p99: seed 1 ")
                .contains("seed 2 ").doesNotContain("candidate");
    }
}
