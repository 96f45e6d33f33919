package io.nous.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nous.sim.ClusterSimulation;
import io.nous.sim.DetectorConfig;
import io.nous.sim.Scenario;
import io.nous.sim.epp.ConcurrencyDetector;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.Policies;
import io.nous.sim.spi.SaturationDetector;
import io.nous.sim.workload.WorkloadCatalog;
import org.junit.jupiter.api.Test;

/**
 * The router's detectors written against the saturation-detector plug point: run at the plug point,
 * they hold and release the same bands at the same instants as the simulator's built-in detectors,
 * so every request of a run ends alike (the results differ only in the detector's name).
 */
class DetectorTemplatesTest {
    private static final PolicyRegistry REGISTRY = PolicyRegistry.builtin();

    private static Scenario scenario(String workload, double qps, DetectorConfig detector, boolean legacy) {
        return Scenario.builder(WorkloadCatalog.builtin().workload(workload)).qps(qps).pods(2).durationSeconds(120).seed(3)
                .detector(detector).flowControl(!legacy).legacyShedding(legacy).build();
    }

    private static SimulationResult run(Scenario s, SaturationDetector detector) {
        Policies p = Policies.none().with(PlugPoint.USAGE_LIMIT, REGISTRY.usageLimit("soft-reflective-ceiling"), "soft");
        if (detector != null) {
            p = p.with(PlugPoint.SATURATION, detector, "plugged");
        }
        SimulationResult r = new ClusterSimulation(s, p).run();
        return r.withWallSeconds(0);
    }

    private static void assertSameRun(SimulationResult plugged, SimulationResult builtIn, String what) {
        assertThat(plugged.detector()).isEqualTo("plugged");
        assertThat(plugged.classes()).as(what + ": per-class outcomes").isEqualTo(builtIn.classes());
        assertThat(plugged.saturation()).as(what + ": saturation samples").isEqualTo(builtIn.saturation());
        assertThat(plugged.policy()).as(what + ": gating").isEqualTo(builtIn.policy());
        assertThat(plugged.podStats()).as(what).isEqualTo(builtIn.podStats());
        assertThat(plugged.run()).as(what).isEqualTo(builtIn.run());
    }

    @Test
    void theUtilizationDetectorAtThePlugPointGatesExactlyAsTheBuiltIn() {
        for (String cell : new String[] {"interactive-chat@90", "code-generation@16", "code-generation@6"}) {
            String workload = cell.substring(0, cell.indexOf('@'));
            double qps = Double.parseDouble(cell.substring(cell.indexOf('@') + 1));
            Scenario s = scenario(workload, qps, DetectorConfig.UTILIZATION, false);
            assertSameRun(run(s, REGISTRY.create(PlugPoint.SATURATION, "utilization-detector")), run(s, null), cell);
            Scenario credited = scenario(workload, qps, DetectorConfig.UTILIZATION.withInflightCredit(true), false);
            assertSameRun(run(s, REGISTRY.create(PlugPoint.SATURATION, "utilization-detector:inflightCredit=true")), run(credited, null),
                    cell + " with in-flight credit");
        }
    }

    @Test
    void theConcurrencyDetectorAtThePlugPointGatesExactlyAsTheBuiltIn() {
        Scenario s = scenario("interactive-chat", 90, new DetectorConfig("concurrency", 5, 0.8, 200_000,
                ConcurrencyDetector.Mode.REQUESTS, 20), false);
        SimulationResult builtIn = run(s, null);
        assertThat(builtIn.policy().bands().get(1).gatedShare()).as("the case gates").isPositive();
        assertSameRun(run(s, REGISTRY.create(PlugPoint.SATURATION, "concurrency-detector:maxConcurrency=20")), builtIn, "concurrency 20");
    }

    @Test
    void theConcurrencyDetectorsTokenAndHybridModesReadTheInFlightProducerAsUpstreamDoes() {
        SaturationDetector tokens = REGISTRY.create(PlugPoint.SATURATION, "concurrency-detector:concurrencyMode=tokens,maxTokenConcurrency=1000");
        SaturationDetector hybrid = REGISTRY.create(PlugPoint.SATURATION,
                "concurrency-detector:concurrencyMode=hybrid,maxConcurrency=10,maxTokenConcurrency=1000");
        int[] none = {0, 0};
        // endpoint 0: 5 requests, 200 tokens; endpoint 1: 1 request, 900 tokens
        assertThat(tokens.saturation(2, none, none, new double[2], new long[2], new int[] {5, 1}, new long[] {200, 900})).isEqualTo(0.55);
        assertThat(hybrid.saturation(2, none, none, new double[2], new long[2], new int[] {5, 1}, new long[] {200, 900}))
                .isEqualTo((0.5 + 0.9) / 2);
        assertThatThrownBy(() -> REGISTRY.create(PlugPoint.SATURATION, "concurrency-detector:concurrencyMode=lots"))
                .hasMessageContaining("requests, tokens or hybrid");
    }

    @Test
    void theLegacyPathReadsTheDetectorAtThePlugPoint() {
        Scenario s = scenario("interactive-chat", 90, DetectorConfig.UTILIZATION, true);
        assertSameRun(run(s, REGISTRY.create(PlugPoint.SATURATION, "utilization-detector")), run(s, null), "legacy shedding");
    }

    @Test
    void aDetectorThatReadsTheRoutersLeasesChangesWhatIsHeld() {
        Scenario s = scenario("code-generation", 16, DetectorConfig.UTILIZATION, false);
        SimulationResult lease = run(s, REGISTRY.create(PlugPoint.SATURATION, "lease-detector"));
        assertThat(lease.policy()).isNotEqualTo(run(s, null).policy());
    }

    @Test
    void detectorReferencesAreCheckedAndNamedByPlugPoint() {
        assertThat(REGISTRY.template("utilization-detector").kind()).isEqualTo(PlugPoint.SATURATION);
        SaturationDetector d = REGISTRY.create(PlugPoint.SATURATION, "utilization-detector:queueDepthThreshold=10");
        assertThat(d.saturation(1, new int[] {5}, new int[] {0}, new double[] {0.2}, new long[] {0}, new int[] {5}, new long[] {0}))
                .isEqualTo(0.5);
        assertThat(d.saturation(1, new int[] {5}, new int[] {0}, new double[] {0.2}, new long[] {200_001}, new int[] {5}, new long[] {0}))
                .as("stale metrics count 1").isEqualTo(1.0);
        assertThat(REGISTRY.source("utilization-detector:inflightCredit=true")).contains("this(5, 0.8, 200000, true);");
        assertThatThrownBy(() -> REGISTRY.create(PlugPoint.SATURATION, "soft-reflective-ceiling"))
                .hasMessageContaining("is a usage-limit policy, not a saturation detector");
        assertThatThrownBy(() -> REGISTRY.create(PlugPoint.SATURATION, "utilization-detector:inflightCredit=maybe"))
                .hasMessageContaining("inflightCredit must be true or false");
    }
}
