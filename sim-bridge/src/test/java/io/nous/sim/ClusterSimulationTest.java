package io.nous.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.nous.sim.metrics.ClassSummary;
import io.nous.sim.metrics.PodSummary;
import io.nous.sim.epp.RouterRelease;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.spi.AdmissionPolicy;
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
        // Same overload, same arrivals; only how stale the EPP's view of the pods is differs. Live
        // metrics isolate the scrape lag from the engine's once-per-step publication.
        Scenario lagged = scenario("code-generation", 16, 120).toBuilder()
                .metrics(MetricsConfig.DEFAULTS.withTiming(MetricsConfig.Timing.LIVE)).build();
        Scenario fresh = lagged.toBuilder().scrapeIntervalUs(1_000).build();
        int laggedQueue = run(lagged, OPEN).podStats().stream().mapToInt(PodSummary::maxWaiting).max().orElseThrow();
        int freshQueue = run(fresh, OPEN).podStats().stream().mapToInt(PodSummary::maxWaiting).max().orElseThrow();
        // With a 1 ms view the gate closes almost as soon as a pod queues queueDepthThreshold (5)
        // requests; with 50 ms scrapes the dispatch loop keeps sending into the stale snapshot.
        assertThat(freshQueue).isLessThanOrEqualTo(12);
        assertThat(laggedQueue).isGreaterThan(2 * freshQueue);
    }

    @Test
    void stepBoundaryMetricsLagByAStepEvenWithInstantScrapes() {
        // vLLM publishes its queue once per step; prefill-heavy steps last hundreds of ms, so even
        // a 1 ms scrape cannot see the queue grow within a step and the gate overshoots further.
        Scenario live = scenario("code-generation", 16, 120).toBuilder().scrapeIntervalUs(1_000)
                .metrics(MetricsConfig.DEFAULTS.withTiming(MetricsConfig.Timing.LIVE).withScrapeIntervalUs(1_000)).build();
        Scenario published = live.toBuilder().metrics(live.metrics().withTiming(MetricsConfig.Timing.STEP_BOUNDARY)).build();
        int liveQueue = run(live, OPEN).podStats().stream().mapToInt(PodSummary::maxWaiting).max().orElseThrow();
        int publishedQueue = run(published, OPEN).podStats().stream().mapToInt(PodSummary::maxWaiting).max().orElseThrow();
        assertThat(publishedQueue).isGreaterThan(3 * liveQueue);
    }

    @Test
    void aScrapeSlowerThanTheStalenessLimitCountsAsSaturated() {
        // Light load: nothing should ever wait in the EPP. A fetch that takes 150 ms keeps every
        // snapshot younger than 200 ms; one that takes 300 ms leaves each pod stale (saturation
        // 1.0, which halts dispatch) for the last 100 ms of every 300.
        Scenario base = scenario("interactive-chat", 5, 120);
        Scenario ok = base.toBuilder().metrics(MetricsConfig.DEFAULTS.withScrapeLatency(150_000, 0)).build();
        Scenario slow = base.toBuilder().metrics(MetricsConfig.DEFAULTS.withScrapeLatency(300_000, 0)).build();
        SimulationResult okRun = run(ok, OPEN);
        SimulationResult slowRun = run(slow, OPEN);
        assertThat(okRun.classes().get("critical").queueDelay().maxMs()).isLessThan(2);
        // a request arriving in a stale window waits for the next fetch to land
        assertThat(slowRun.classes().get("critical").queueDelay().maxMs()).isBetween(50.0, 110.0);
        assertThat(slowRun.classes().get("critical").queueDelay().meanMs()).isGreaterThan(5);
    }

    @Test
    void loadDependentScrapeLatencyGrowsWithTheRunningBatch() {
        // 2 ms per running request: chat at 60 qps runs hundreds per pod, so fetches take longer
        // than the staleness limit and the gate closes on stale data; at 5 qps they stay fast.
        MetricsConfig loadDependent = MetricsConfig.DEFAULTS.withScrapeLatency(2_000, 2_000);
        SimulationResult busy = run(scenario("interactive-chat", 60, 120).toBuilder().metrics(loadDependent).build(), OPEN);
        SimulationResult quiet = run(scenario("interactive-chat", 5, 120).toBuilder().metrics(loadDependent).build(), OPEN);
        assertThat(quiet.classes().get("critical").queueDelay().maxMs()).isLessThan(2);
        assertThat(busy.classes().get("critical").queueDelay().p99Ms()).isGreaterThan(20);
    }

    @Test
    void theStudysRouterHasNoQueueTtlAndTodaysEvictsAfterSixtySeconds() {
        // reasoning at 0.7 qps saturates: with today's 60 s TTL requests are evicted, with the
        // study's router they wait until dispatched
        Scenario today = scenario("reasoning", 0.7, 1200).toBuilder().routerRelease(RouterRelease.V0_10).build();
        Scenario study = today.toBuilder().routerRelease(RouterRelease.V0_9).build();
        SimulationResult t = run(today, OPEN);
        SimulationResult s = run(study, OPEN);
        long evictedToday = t.classes().values().stream().mapToLong(ClassSummary::evictedTtl).sum();
        long evictedStudy = s.classes().values().stream().mapToLong(ClassSummary::evictedTtl).sum();
        assertThat(evictedToday).isPositive();
        assertThat(evictedStudy).isZero();
        assertThat(s.classes().get("critical").ttft().p99Ms()).isGreaterThan(120_000);
        assertThat(t.classes().get("critical").ttft().p99Ms()).isLessThan(65_000);
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
        AdmissionPolicy protectedOnly = new AdmissionPolicy() {
            @Override
            public boolean admit(int priority, double saturation, double u) {
                return priority >= 0;
            }
        };
        SimulationResult r = new ClusterSimulation(s, OPEN, "open", protectedOnly, "no-sheddable").run();
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
        return r.withWallSeconds(0);
    }
}
