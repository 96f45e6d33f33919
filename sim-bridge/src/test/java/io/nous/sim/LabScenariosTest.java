package io.nous.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.sim.metrics.PodSummary;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.pod.InferenceSimConfig;
import io.nous.sim.routing.RoutingConfig;
import io.nous.sim.workload.WorkloadCatalog;
import org.junit.jupiter.api.Test;

/**
 * The public lab's cells: 8 llm-d-inference-sim pods behind a plain Service or the router with the
 * lab's configs. What must come out of the mechanisms: prefix affinity pins tenants to pods and wins
 * on many tenants, and piles one hot tenant onto one pod.
 */
class LabScenariosTest {

    private static SimulationResult run(String workload, RoutingConfig routing) {
        Scenario.Builder b = Scenario.builder(WorkloadCatalog.builtin().workload(workload)).qps(1).pods(8)
                .inferenceSim(InferenceSimConfig.byNameOrFile("lab-inference-sim")).routing(routing);
        b.flowControl(routing.flowControl()).legacyShedding(false);
        return new ClusterSimulation(b.build(), null, "none", null, null).run();
    }

    @Test
    void sixteenTenantsSendEveryRequestAndMeasureItFromTheFirst() {
        SimulationResult r = run("lab-16-tenants", RoutingConfig.plainService());
        assertThat(r.warmupSeconds()).isZero();
        assertThat(r.run().completed()).isEqualTo(320);
        assertThat(r.podStats().stream().mapToLong(PodSummary::requests).sum()).isEqualTo(320);
        assertThat(r.run().engine()).isEqualTo("inference-sim");
    }

    @Test
    void aRunCappedByItsRequestCountMeasuresThroughputOverTheTimeTheRequestsTook() {
        SimulationResult r = run("lab-16-tenants", RoutingConfig.byNameOrFile("lab-defaults"));
        assertThat(r.simulatedSeconds()).as("320 requests finish long before the nominal window").isLessThan(r.durationSeconds() / 4);
        double perClass = r.classes().values().stream().mapToDouble(c -> c.throughputRps()).sum();
        // the class figures and the run's own total agree, and Little's law holds over the same window
        assertThat(perClass).isCloseTo(r.run().throughputRps(), org.assertj.core.api.Assertions.within(0.02 * r.run().throughputRps()));
        double meanE2eS = r.classes().values().iterator().next().e2e().meanMs() / 1000;
        assertThat(r.meanInSystem()).isCloseTo(perClass * meanE2eS, org.assertj.core.api.Assertions.within(0.05 * perClass * meanE2eS));
    }

    @Test
    void prefixAffinityPinsTenantsAndWinsOnSixteenTenants() {
        SimulationResult service = run("lab-16-tenants", RoutingConfig.plainService());
        SimulationResult affinity = run("lab-16-tenants", RoutingConfig.byNameOrFile("lab-defaults"));
        assertThat(affinity.run().prefixCacheHitRate()).isGreaterThan(0.9).isGreaterThan(2 * service.run().prefixCacheHitRate());
        assertThat(affinity.run().throughputRps()).isGreaterThan(2 * service.run().throughputRps());
        assertThat(affinity.run().ttft().p50Ms()).isLessThan(service.run().ttft().p50Ms() / 5);
        // a random Service shows most pods most tenants; affinity keeps each pod to a few
        assertThat(service.podStats().stream().mapToInt(PodSummary::tenants).min().orElseThrow()).isGreaterThan(8);
        assertThat(affinity.podStats().stream().mapToInt(PodSummary::tenants).max().orElseThrow()).isLessThanOrEqualTo(4);
    }

    @Test
    void oneHotTenantPilesOntoOnePodUnlessTheGateBreaks() {
        SimulationResult service = run("lab-hot-tenant", RoutingConfig.plainService());
        SimulationResult affinity = run("lab-hot-tenant", RoutingConfig.byNameOrFile("lab-defaults"));
        assertThat(affinity.podStats().stream().mapToLong(PodSummary::requests).max().orElseThrow())
                .as("the load gate never sees the sticky pod's decode load").isEqualTo(200);
        assertThat(affinity.run().ttft().p50Ms()).isGreaterThan(5 * service.run().ttft().p50Ms());
        assertThat(affinity.run().throughputRps()).isLessThan(service.run().throughputRps() / 2);
    }

    @Test
    void theSameSeedGivesTheSameRun() {
        RoutingConfig c = RoutingConfig.byNameOrFile("lab-decode");
        assertThat(run("lab-hot-tenant", c).withWallSeconds(0)).isEqualTo(run("lab-hot-tenant", c).withWallSeconds(0));
    }
}
