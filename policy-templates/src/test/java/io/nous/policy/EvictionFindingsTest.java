package io.nous.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.sim.ClusterSimulation;
import io.nous.sim.DetectorConfig;
import io.nous.sim.Scenario;
import io.nous.sim.epp.EvictionConfig;
import io.nous.sim.epp.FlowControlConfig;
import io.nous.sim.metrics.ClassSummary;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.Policies;
import io.nous.sim.workload.spec.WorkloadSpec;
import io.nous.sim.workload.spec.WorkloadSpecReader;
import java.nio.file.Path;
import io.nous.sim.metrics.RequestSamples;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The router's own claims about in-flight eviction (llm-d-router #2061, measured in its
 * pkg/epp/flowcontrol/benchmark), checked in Nous's model of it: the confirmation grace is the
 * dominant throughput parameter; a grace below the sensor's visibility lag over-evicts; and against
 * a lagging sensor, natural lease churn can do better than eviction. Each on a pool of two simulated
 * H100s under the static usage limit, the scraped utilization detector (50 ms scrapes: the lagging
 * sensor) or the concurrency detector (counts drop when a stream ends: the leading one).
 */
class EvictionFindingsTest {
    private static final PolicyRegistry REGISTRY = PolicyRegistry.builtin();

    private static WorkloadSpec spec(String name) {
        try {
            return WorkloadSpecReader.read(Path.of(EvictionFindingsTest.class.getResource(name).toURI()));
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A run's result and its requests' latencies. */
    private record Run(SimulationResult result, Map<String, RequestSamples> samples) {
        ClassSummary critical() {
            return result.classes().get("critical");
        }
    }

    private static Run run(String spec, long seed, DetectorConfig detector, EvictionConfig eviction) {
        WorkloadSpec w = spec(spec);
        Scenario s = Scenario.builder(w.workload()).qps(w.aggregateRate()).pods(2).durationSeconds(300).warmupSeconds(0).seed(seed)
                .detector(detector).flowControlConfig(FlowControlConfig.DEFAULTS.withEviction(eviction)).build();
        Policies p = Policies.none().with(PlugPoint.USAGE_LIMIT, REGISTRY.usageLimit("static-usage-limit"), "static-usage-limit");
        ClusterSimulation sim = new ClusterSimulation(s, p).recordSamples();
        return new Run(sim.run().withWallSeconds(0), sim.samples());
    }

    private static EvictionConfig grace(long ms) {
        return EvictionConfig.on().withConfirmationGraceUs(ms * 1000);
    }

    private static double meanTtftMs(Run r) {
        return r.critical().ttft().meanMs();
    }

    /** The critical requests' median wait for a first token, a request that never got one counting as endless. */
    private static double medianWaitMs(Run r) {
        ClassSummary c = r.critical();
        float[] served = r.samples().get("critical").sortedTtftMs();
        double[] all = new double[(int) c.arrived()];
        Arrays.fill(all, Double.POSITIVE_INFINITY);
        for (int i = 0; i < served.length; i++) {
            all[i] = served[i];
        }
        Arrays.sort(all);
        return all[all.length / 2];
    }

    private static long revocations(Run r) {
        return r.result().policy().eviction().revocations();
    }

    @Test
    void evictionOffRunsExactlyAsWithoutIt() {
        Run plain = run("eviction-burst.yaml", 1, DetectorConfig.UTILIZATION, EvictionConfig.OFF);
        Run tunedButOff = run("eviction-burst.yaml", 1, DetectorConfig.UTILIZATION,
                EvictionConfig.OFF.withConfirmationGraceUs(0).withMaxRevocationsPerDecision(8));
        assertThat(plain.result().policy().eviction()).isNull();
        assertThat(tunedButOff.result().classes()).isEqualTo(plain.result().classes());
        assertThat(tunedButOff.result().podStats()).isEqualTo(plain.result().podStats());
        assertThat(plain.critical().evictedInFlight()).isZero();
    }

    @Test
    void theGraceIsTheDominantThroughputParameter() {
        // over a realistic range of graces the critical requests' TTFT moves by orders of magnitude ...
        double[] ttft = new double[4];
        long[] graces = {0, 100, 500, 1000};
        for (int i = 0; i < graces.length; i++) {
            Run r = run("eviction-burst.yaml", 1, DetectorConfig.UTILIZATION, grace(graces[i]));
            assertThat(r.critical().completed()).isEqualTo(r.critical().arrived());
            ttft[i] = meanTtftMs(r);
        }
        assertThat(ttft).isSorted();
        assertThat(ttft[3] / ttft[0]).isGreaterThan(20);
        // ... while the cap on revocations per decision, from the router's 2 up, moves it by a small factor
        double k2 = meanTtftMs(run("eviction-burst.yaml", 1, DetectorConfig.UTILIZATION, grace(500)));
        double k8 = meanTtftMs(run("eviction-burst.yaml", 1, DetectorConfig.UTILIZATION, grace(500).withMaxRevocationsPerDecision(8)));
        assertThat(k2 / k8).isGreaterThan(1).isLessThan(ttft[3] / ttft[0] / 5);
    }

    @Test
    void aGraceBelowTheSensorsLagOverEvicts() {
        // the utilization detector sees a freed lease only at the pod's next scrape (every 50 ms)
        long subLag = revocations(run("eviction-burst.yaml", 1, DetectorConfig.UTILIZATION, grace(0)));
        long atLag = Long.MAX_VALUE;
        for (long g : new long[] {50, 100, 200}) {
            atLag = Math.min(atLag, revocations(run("eviction-burst.yaml", 1, DetectorConfig.UTILIZATION, grace(g))));
        }
        assertThat(subLag).isGreaterThan(atLag * 3 / 2);
        // the concurrency detector's count drops as the stream ends: no lag, one revocation per critical request
        Run leading = run("eviction-churn.yaml", 1, DetectorConfig.CONCURRENCY, grace(0));
        assertThat(revocations(leading)).isLessThanOrEqualTo(leading.critical().arrived());
    }

    @Test
    void naturalChurnCanBeatEvictionAgainstALaggingSensor() {
        // leases of about a minute turn over by themselves; eviction paced by the derived 500 ms grace
        // against the scraped sensor leaves the median critical request waiting longer than churn does
        int churnWins = 0;
        for (long seed = 1; seed <= 3; seed++) {
            double churn = medianWaitMs(run("eviction-churn.yaml", seed, DetectorConfig.UTILIZATION, EvictionConfig.OFF));
            double evicting = medianWaitMs(run("eviction-churn.yaml", seed, DetectorConfig.UTILIZATION, EvictionConfig.on()));
            if (churn < evicting) {
                churnWins++;
            }
        }
        assertThat(churnWins).isGreaterThanOrEqualTo(2);
        // with the leading sensor eviction is what serves the critical requests promptly
        double leadingChurn = medianWaitMs(run("eviction-churn.yaml", 1, DetectorConfig.CONCURRENCY, EvictionConfig.OFF));
        double leadingEvicting = medianWaitMs(run("eviction-churn.yaml", 1, DetectorConfig.CONCURRENCY, EvictionConfig.on()));
        assertThat(leadingEvicting).isLessThan(leadingChurn);
    }
}
