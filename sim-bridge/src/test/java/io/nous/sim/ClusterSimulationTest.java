package io.nous.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.nous.sim.metrics.ClassSummary;
import io.nous.sim.metrics.PodSummary;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.spi.UsageLimitPolicy;
import io.nous.sim.workload.WorkloadCatalog;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

class ClusterSimulationTest {
    /** Baseline: every ceiling 1.0. */
    static final UsageLimitPolicy OPEN = (s, p, c) -> { };
    /** Closes every band below the first at half saturation: exercises gating and TTL eviction. */
    static final UsageLimitPolicy HOLDBACK = (s, p, c) -> {
        for (int i = 1; i < c.length; i++) {
            c[i] = 0.5;
        }
    };

    static SimulationResult run(Scenario s, UsageLimitPolicy p) {
        return new ClusterSimulation(s, p, "test", null, null).run();
    }

    static Scenario scenario(String workload, double qps, double seconds) {
        return Scenario.builder(WorkloadCatalog.builtin().workload(workload)).qps(qps).durationSeconds(seconds).build();
    }

    static Stream<Arguments> grid() {
        return StudyGrid.points().stream().flatMap(p -> Stream.of(
                Arguments.of(p.label(), p.workload().name(), p.qps(), "open"),
                Arguments.of(p.label(), p.workload().name(), p.qps(), "holdback")));
    }

    @ParameterizedTest(name = "{0} {3}")
    @MethodSource("grid")
    void everyRequestIsAccountedForAndKvNeverOverflows(String label, String workload, double qps, String policy) {
        SimulationResult r = run(scenario(workload, qps, 300), policy.equals("open") ? OPEN : HOLDBACK);
        for (ClassSummary c : r.classes().values()) {
            assertThat(c.arrived()).as(c.name() + " arrived").isPositive();
            assertThat(c.completed() + c.dropped() + c.inFlight()).as(c.name() + " conservation").isEqualTo(c.arrived());
            assertThat(c.inFlight()).as("drain finishes everything").isZero();
            assertThat(c.dropped()).isEqualTo(c.rejectedSaturated() + c.evictedTtl() + c.admissionRejected());
        }
        for (PodSummary p : r.podStats()) {
            assertThat(p.maxKvUsage()).isLessThanOrEqualTo(1.0);
        }
        assertThat(r.policy().ceilingViolations()).isZero();
    }

    @Test
    void sameSeedSameResultDifferentSeedDifferentResult() {
        Scenario s = scenario("interactive-chat", 60, 120);
        SimulationResult a = run(s, HOLDBACK);
        SimulationResult b = run(s, HOLDBACK);
        assertThat(withoutWallClock(b)).isEqualTo(withoutWallClock(a));
        SimulationResult c = run(s.toBuilder().seed(2).build(), HOLDBACK);
        assertThat(withoutWallClock(c)).isNotEqualTo(withoutWallClock(a));
    }

    @Test
    void arrivalsDoNotDependOnThePolicy() {
        Scenario s = scenario("code-generation", 16, 120);
        SimulationResult open = run(s, OPEN);
        SimulationResult held = run(s, HOLDBACK);
        for (String cls : open.classes().keySet()) {
            assertThat(held.classes().get(cls).arrived()).isEqualTo(open.classes().get(cls).arrived());
        }
    }

    @Test
    void littlesLawHoldsUnderCapacity() {
        SimulationResult r = run(scenario("interactive-chat", 20, 600), OPEN);
        double lambdaW = 0;
        for (ClassSummary c : r.classes().values()) {
            lambdaW += c.throughputRps() * c.e2e().meanMs() / 1000;
        }
        // L = lambda * W, measured independently: time-average occupancy vs throughput x mean sojourn
        assertThat(r.meanInSystem()).isCloseTo(lambdaW, within(0.03 * lambdaW));
    }

    @Test
    void kvExhaustionPreemptsInTheDecodeHeavyRegime() {
        SimulationResult r = run(scenario("reasoning", 0.7, 600), OPEN);
        long preemptions = r.podStats().stream().mapToLong(PodSummary::preemptions).sum();
        assertThat(preemptions).isPositive();
        assertThat(r.podStats()).anySatisfy(p -> assertThat(p.maxKvUsage()).isGreaterThan(0.97));
        assertThat(r.saturation().shareAtLeastOne()).as("sustained high saturation").isGreaterThan(0.3);
    }

    @Test
    void underCapacityNothingIsDroppedOrPreempted() {
        SimulationResult r = run(scenario("code-generation", 4, 300), OPEN);
        assertThat(r.classes().values()).allSatisfy(c -> assertThat(c.dropped()).isZero());
        assertThat(r.podStats()).allSatisfy(p -> assertThat(p.preemptions()).isZero());
        assertThat(r.saturation().shareAtLeastHalf()).isLessThan(0.05);
    }

    @Test
    void scrapeLagLetsDispatchOvershootTheGate() {
        // Same overload, same arrivals; only how stale the EPP's view of the pods is differs.
        Scenario lagged = scenario("code-generation", 16, 120);
        Scenario fresh = lagged.toBuilder().scrapeIntervalUs(1_000).build();
        int laggedQueue = run(lagged, OPEN).podStats().stream().mapToInt(PodSummary::maxWaiting).max().orElseThrow();
        int freshQueue = run(fresh, OPEN).podStats().stream().mapToInt(PodSummary::maxWaiting).max().orElseThrow();
        // With a 1 ms view the gate closes almost as soon as a pod queues queueDepthThreshold (5)
        // requests; with 50 ms scrapes the dispatch loop keeps sending into the stale snapshot.
        assertThat(freshQueue).isLessThanOrEqualTo(12);
        assertThat(laggedQueue).isGreaterThan(2 * freshQueue);
    }

    @Test
    void aClosedBandNeverDispatchesAndItsRequestsExpire() {
        UsageLimitPolicy closeSheddable = (s, p, c) -> c[c.length - 1] = 0.0;
        SimulationResult r = run(scenario("code-generation", 4, 200), closeSheddable);
        ClassSummary shed = r.classes().get("sheddable");
        assertThat(shed.completed()).isZero();
        assertThat(shed.evictedTtl()).isEqualTo(shed.arrived());
        assertThat(r.classes().get("critical").dropped()).isZero();
    }

    @Test
    void legacyPathShedsSheddableTrafficAtSaturation() {
        Scenario s = scenario("interactive-chat", 80, 120).toBuilder().flowControl(false).legacyShedding(true).build();
        SimulationResult r = run(s, OPEN);
        assertThat(r.classes().get("sheddable").rejectedSaturated()).isPositive();
        assertThat(r.classes().get("critical").dropped()).isZero();
        assertThat(r.policy().calls()).as("no dispatch cycles without flow control").isZero();
    }

    @Test
    void admissionPolicyRejectionsAreCountedSeparately() {
        Scenario s = scenario("code-generation", 10, 120);
        SimulationResult r = new ClusterSimulation(s, OPEN, "open", (prio, sat, u) -> prio >= 0, "no-sheddable").run();
        ClassSummary shed = r.classes().get("sheddable");
        assertThat(shed.admissionRejected()).isEqualTo(shed.arrived());
        assertThat(r.classes().get("critical").completed()).isEqualTo(r.classes().get("critical").arrived());
    }

    @Test
    void concurrencyDetectorRunsAndGates() {
        Scenario s = scenario("interactive-chat", 80, 120).toBuilder().detector(DetectorConfig.CONCURRENCY).build();
        SimulationResult r = run(s, HOLDBACK);
        assertThat(r.detector()).isEqualTo("concurrency");
        assertThat(r.policy().bands().get(1).gatedShare()).isPositive();
    }

    private static SimulationResult withoutWallClock(SimulationResult r) {
        return new SimulationResult(r.workload(), r.qps(), r.seed(), r.pods(), r.costProfile(), r.detector(), r.flowControl(),
                r.durationSeconds(), r.warmupSeconds(), r.simulatedSeconds(), 0, r.events(), r.classes(), r.podStats(),
                r.saturation(), r.policy(), r.meanInSystem());
    }
}
