package io.nous.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nous.sim.metrics.ClassSummary;
import io.nous.sim.metrics.RequestLog;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.pd.Disaggregation;
import io.nous.sim.pd.KvTransfer;
import io.nous.sim.pod.VllmPod;
import io.nous.sim.pool.AutoscalingConfig;
import io.nous.sim.routing.RoutingConfig;
import io.nous.sim.workload.Workload;
import io.nous.sim.workload.WorkloadCatalog;
import io.nous.sim.epp.Outcome;
import org.junit.jupiter.api.Test;

/**
 * A pool split into prefill and decode pods under the router's P/D config: every request prefills on
 * a prefill pod and decodes on a decode pod, its KV crosses the link in the time the link gives, its
 * TTFT holds the transfer and the decode pod's first step, nothing leaks when clients give up half
 * way, and the run is the same bytes twice.
 */
class DisaggregatedPoolTest {
    private static final Workload CODE = WorkloadCatalog.builtin().workload("code-generation");

    private static Scenario pd(Workload w, double qps, KvTransfer link) {
        return Scenario.builder(w).qps(qps).durationSeconds(120).pods(4).routing(RoutingConfig.byNameOrFile("pd"))
                .disaggregation(new Disaggregation(2, link)).build();
    }

    @Test
    void everyRequestPrefillsOnAPrefillPodAndDecodesOnADecodePod() {
        Scenario s = pd(CODE, 6, KvTransfer.RDMA);
        ClusterSimulation sim = new ClusterSimulation(s, null, "open", null, null).recordRequests();
        SimulationResult r = sim.run();
        RequestLog log = sim.requestLog();
        double kvBytes = s.profile().modelSpec().kvBytesPerToken();
        int checked = 0;
        var arrivals = ClusterSimulation.arrivalsOf(s);
        for (var q = arrivals.next(); q != null; q = arrivals.next()) {
            if (log.outcome(q.id) != Outcome.COMPLETED) {
                continue;
            }
            assertThat(log.prefillPod(q.id)).isIn(0, 1);
            assertThat(log.decodePod(q.id)).isIn(2, 3);
            long transfer = KvTransfer.RDMA.micros(q.inputTokens, kvBytes, s.profile().tensorParallel());
            assertThat(log.transferUs(q.id)).isEqualTo(transfer);
            // 1 ms of link latency plus the bytes at 50 GB/s per GPU
            assertThat(transfer).isEqualTo(1_000 + Math.round(q.inputTokens * kvBytes / (50e3 * s.profile().tensorParallel())));
            // TTFT holds the prefill, the transfer and the decode pod's first step: never less than the transfer
            assertThat(log.firstTokenUs(q.id) - q.arrivalUs).isGreaterThan(transfer);
            checked++;
        }
        assertThat(checked).isGreaterThan(500);
        assertThat(r.disaggregation().share()).isEqualTo(1.0); // no prompt shares anything: every one has > 16 tokens to compute
        assertThat(r.disaggregation().prefillPods()).isEqualTo(2);
        // each request went to one prefill and one decode pod
        long toPrefill = r.podStats().get(0).requests() + r.podStats().get(1).requests();
        long toDecode = r.podStats().get(2).requests() + r.podStats().get(3).requests();
        assertThat(toPrefill).isEqualTo(toDecode);
        // prefill pods run prompts alone (batches of about one), decode pods batch the decodes
        assertThat(r.podStats().get(0).meanBatch()).isLessThan(r.podStats().get(2).meanBatch());
    }

    @Test
    void aSlowerLinkLengthensTheTransferAndTheTimeToFirstToken() {
        SimulationResult rdma = new ClusterSimulation(pd(CODE, 6, KvTransfer.RDMA), null, "open", null, null).run();
        SimulationResult tcp = new ClusterSimulation(pd(CODE, 6, KvTransfer.TCP), null, "open", null, null).run();
        double bytesMs = rdma.disaggregation().transferMsMean() - 1.0;
        // rdma: 50 GB/s per GPU; tcp: 12.5 GB/s for the pod; both with 1 ms of latency
        assertThat(tcp.disaggregation().transferMsMean() - 1.0).isCloseTo(bytesMs * 4, org.assertj.core.api.Assertions.within(bytesMs * 0.05));
        assertThat(tcp.run().ttft().p50Ms()).isGreaterThan(rdma.run().ttft().p50Ms());
        assertThat(tcp.disaggregation().gbMoved()).isEqualTo(rdma.disaggregation().gbMoved());
    }

    @Test
    void thePdConfigOnAPoolWithoutPrefillPodsServesEveryRequestWhereItDecodes() {
        Scenario s = Scenario.builder(CODE).qps(6).durationSeconds(60).pods(4).routing(RoutingConfig.byNameOrFile("pd")).build();
        SimulationResult r = new ClusterSimulation(s, null, "open", null, null).run();
        assertThat(r.disaggregation()).isNull();
        assertThat(r.podStats()).allSatisfy(p -> assertThat(p.requests()).isPositive());
        long routed = r.podStats().stream().mapToLong(p -> p.requests()).sum();
        long arrived = r.classes().values().stream().mapToLong(ClassSummary::arrived).sum();
        assertThat(routed).isGreaterThanOrEqualTo(arrived); // the warm-up's requests too, and no second leg for any
    }

    @Test
    void clientsThatGiveUpDuringPrefillOrTransferLeaveNothingBehind() {
        Workload w = CODE.withTimeoutUs(2_000_000);
        Scenario s = pd(w, 16, KvTransfer.TCP); // past the prefill pods' capacity: many give up while prefilling
        ClusterSimulation sim = new ClusterSimulation(s, null, "open", null, null);
        SimulationResult r = sim.run();
        long timedOut = r.classes().values().stream().mapToLong(ClassSummary::timedOut).sum();
        assertThat(timedOut).isPositive();
        for (var server : sim.podsForTest()) {
            VllmPod p = (VllmPod) server;
            p.checkInvariants();
            assertThat(p.usedBlocks()).isZero();
            assertThat(p.hasWork()).isFalse();
        }
        for (ClassSummary c : r.classes().values()) {
            assertThat(c.completed() + c.dropped() + c.inFlight()).isEqualTo(c.arrived());
        }
    }

    @Test
    void theSameScenarioGivesTheSameResult() {
        Scenario s = pd(CODE.withTimeoutUs(3_000_000), 10, KvTransfer.RDMA);
        SimulationResult a = new ClusterSimulation(s, null, "open", null, null).run().withWallSeconds(0);
        SimulationResult b = new ClusterSimulation(s, null, "open", null, null).run().withWallSeconds(0);
        assertThat(a).isEqualTo(b);
    }

    @Test
    void aDisaggregatedPoolKeepsADecodePodAndIsFixed() {
        assertThatThrownBy(() -> Scenario.builder(CODE).qps(1).pods(2).disaggregation(new Disaggregation(2, KvTransfer.RDMA)).build())
                .hasMessageContaining("keeps at least one decode pod");
        assertThatThrownBy(() -> Scenario.builder(CODE).qps(1).pods(2).autoscaling(AutoscalingConfig.of(1, 4, 1))
                .disaggregation(new Disaggregation(1, KvTransfer.RDMA)).build()).hasMessageContaining("fixed pool");
        assertThatThrownBy(() -> KvTransfer.parse("infiniband")).hasMessageContaining("unknown KV link 'infiniband' (known: rdma, nvlink, tcp)");
        assertThatThrownBy(() -> KvTransfer.parse("rdma:overlap=2")).hasMessageContaining("overlap must be in [0, 1]");
        assertThatThrownBy(() -> KvTransfer.parse("rdma:bandwidth=3")).hasMessageContaining("unknown KV link setting 'bandwidth'");
        KvTransfer half = KvTransfer.parse("rdma:overlap=0.5,latency_ms=0");
        assertThat(half.micros(1000, 100_000, 1)).isEqualTo(1_000); // 100 MB at 50 GB/s is 2 ms, half of it hidden
    }
}
