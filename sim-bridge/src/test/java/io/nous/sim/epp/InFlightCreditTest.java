package io.nous.sim.epp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.nous.sim.ClusterSimulation;
import io.nous.sim.DetectorConfig;
import io.nous.sim.Scenario;
import io.nous.sim.metrics.PodSummary;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.request.Request;
import io.nous.sim.workload.WorkloadCatalog;
import org.junit.jupiter.api.Test;

/** The router's own in-flight counts, and PR #2066's credit for what a scrape cannot show yet. */
class InFlightCreditTest {

    private static Request request(int id, int in) {
        return new Request(id, 0, 0, 0, in, 10, 0, 0.5);
    }

    @Test
    void theProducerCountsFromDispatchToTheEndAndPromptsUntilTheFirstToken() {
        InFlightLoad load = new InFlightLoad(2);
        Request a = request(0, 100);
        Request b = request(1, 300);
        a.pod = 0;
        b.pod = 0;
        load.dispatched(a, 0);
        load.dispatched(b, 0);
        assertThat(load.requests(0)).isEqualTo(2);
        assertThat(load.tokens(0)).isEqualTo(400);
        a.firstTokenUs = 5;
        load.firstToken(a);
        assertThat(load.tokens(0)).isEqualTo(300);
        load.ended(a);
        load.ended(b); // aborted before its first token
        assertThat(load.requests(0)).isZero();
        assertThat(load.tokens(0)).isZero();
        assertThat(load.requests(1)).isZero();
    }

    @Test
    void creditAddsDispatchedRequestsTheScrapeDoesNotShowToEachPodsQueue() {
        PodSnapshot[] pods = {new PodSnapshot(), new PodSnapshot()};
        pods[0].update(0, 1, 2, 0.1);
        pods[1].update(0, 0, 0, 0.1);
        InFlightLoad load = new InFlightLoad(2);
        for (int i = 0; i < 10; i++) {
            Request r = request(i, 10);
            r.pod = 0;
            load.dispatched(r, 0);
        }
        UtilizationDetector plain = new UtilizationDetector(pods, 5, 0.8, 200_000);
        UtilizationDetector credited = new UtilizationDetector(pods, 5, 0.8, 200_000).withInFlightCredit(load);
        // pod 0: waiting 1, running 2, but 10 in flight: credit 7, queue (1 + 7) / 5; pod 1: kv 0.1 / 0.8
        assertThat(plain.saturation(1)).isCloseTo((0.2 + 0.125) / 2, within(1e-12));
        assertThat(credited.saturation(1)).isCloseTo((8 / 5.0 + 0.125) / 2, within(1e-12));
        // a scrape that already shows more than the router counts gives no negative credit
        pods[0].update(2, 9, 6, 0.1);
        credited.invalidate();
        assertThat(credited.saturation(3)).isCloseTo((9 / 5.0 + 0.125) / 2, within(1e-12));
    }

    @Test
    void creditStopsTheGateFromPouringIntoPodsBetweenScrapes() {
        Scenario plain = Scenario.builder(WorkloadCatalog.builtin().workload("code-generation")).qps(16).durationSeconds(180).build();
        Scenario credited = plain.toBuilder().detector(DetectorConfig.UTILIZATION.withInflightCredit(true)).build();
        SimulationResult a = new ClusterSimulation(plain, (s, p, c) -> { }, "open", null, null).run();
        SimulationResult b = new ClusterSimulation(credited, (s, p, c) -> { }, "open", null, null).run();
        int plainQueue = a.podStats().stream().mapToInt(PodSummary::maxWaiting).max().orElseThrow();
        int creditedQueue = b.podStats().stream().mapToInt(PodSummary::maxWaiting).max().orElseThrow();
        assertThat(plainQueue).isGreaterThan(100);
        assertThat(creditedQueue).isLessThan(30);
    }
}
