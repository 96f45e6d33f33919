package io.nous.sim.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.Policies;
import io.nous.sim.spi.ScalingPolicy;
import io.nous.sim.workload.RateShape;
import io.nous.sim.workload.WorkloadCatalog;
import org.junit.jupiter.api.Test;

/**
 * An autoscaled pool: a pool with no policy never changes and is the fixed pool, a queue-driven one
 * follows a daily cycle up and back down with pods that serve only after their start-up time, its
 * cost lies between the bounds' and the run is the same bytes twice.
 */
class AutoscaledPoolTest {
    private static final double HOUR = 3600;

    private static Scenario.Builder chat(double seconds) {
        return Scenario.builder(WorkloadCatalog.builtin().workload("interactive-chat")).qps(40).durationSeconds(seconds).pods(2)
                .rateShape(new RateShape(0.6, Math.round(seconds * 1e6)));
    }

    private static SimulationResult run(Scenario s) {
        return new ClusterSimulation(s, null, "none", null, null).run().withWallSeconds(0);
    }

    private static SimulationResult run(Scenario s, ScalingPolicy scaling) {
        return new ClusterSimulation(s, Policies.none().with(PlugPoint.SCALING, scaling, "queue-growth")).run().withWallSeconds(0);
    }

    /** One pod more while requests wait in the pods' queues, one fewer when none wait and KV use is low. */
    private static final class QueueGrowth implements ScalingPolicy {
        @Override
        public int desiredPods(long nowUs, int ready, int starting, double saturation, double kv, int waiting, int running, int queued,
                               long[] state) {
            if (starting > 0) {
                return ready + starting;
            }
            return waiting + queued > 2L * ready ? ready + 1 : waiting + queued == 0 && kv < 0.3 ? ready - 1 : ready;
        }
    }

    @Test
    void aPolicyThatNeverScalesIsTheFixedPool() {
        SimulationResult fixed = run(chat(600).build());
        SimulationResult autoscaled = run(chat(600).autoscaling(AutoscalingConfig.of(1, 6, 1)).build());
        assertThat(autoscaled.classes()).isEqualTo(fixed.classes());
        assertThat(autoscaled.podStats()).isEqualTo(fixed.podStats());
        assertThat(autoscaled.saturation()).isEqualTo(fixed.saturation());
        assertThat(fixed.pool()).isNull();
        PoolSummary pool = autoscaled.pool();
        assertThat(pool.scaleUps()).isZero();
        assertThat(pool.scaleDowns()).isZero();
        assertThat(pool.meanReadyPods()).isCloseTo(2.0, within(0.05));
        assertThat(pool.timeline()).allSatisfy(t -> assertThat(t.ready()).isEqualTo(2));
    }

    @Test
    void aSaturationDrivenPoolFollowsTheDailyCycleUpAndBackDown() {
        AutoscalingConfig cfg = AutoscalingConfig.of(1, 8, 1);
        SimulationResult r = run(chat(2 * HOUR).autoscaling(cfg).build(), new QueueGrowth());
        PoolSummary pool = r.pool();
        assertThat(pool.scaleUps()).isPositive();
        assertThat(pool.scaleDowns()).isPositive();
        int peakAt = 0;
        for (int i = 0; i < pool.timeline().size(); i++) {
            if (pool.timeline().get(i).ready() > pool.timeline().get(peakAt).ready()) {
                peakAt = i;
            }
        }
        double peakSeconds = pool.timeline().get(peakAt).atSeconds();
        // the rate peaks half way through: the pool is largest in its second and third quarters and smaller at the end
        assertThat(peakSeconds).isBetween(0.25 * 2 * HOUR, 0.85 * 2 * HOUR);
        assertThat(pool.timeline().get(pool.timeline().size() - 1).ready()).isLessThan(pool.timeline().get(peakAt).ready());
        assertThat(pool.gpuHours()).isGreaterThan(cfg.minPods() * 2.0).isLessThan(cfg.maxPods() * 2.0);
        assertThat(pool.sloAttainment()).isBetween(0.0, 1.0);
        // the same scenario is the same bytes
        assertThat(run(chat(2 * HOUR).autoscaling(cfg).build(), new QueueGrowth())).isEqualTo(r);
    }

    @Test
    void aPodServesOnlyAfterItsStartUpTime() {
        // start-up 600 s without spread: the first pod asked for cannot serve in the first 10 minutes
        AutoscalingConfig slow = new AutoscalingConfig(1, 8, AutoscalingConfig.DEFAULT_INTERVAL_US, 600_000_000L,
                0, AutoscalingConfig.DEFAULT_DOWN_WINDOW_US, 0, AutoscalingConfig.DEFAULT_SLO_TTFT_MS, 1);
        Scenario s = Scenario.builder(WorkloadCatalog.builtin().workload("interactive-chat")).qps(60).durationSeconds(1800).pods(1)
                .autoscaling(slow).build();
        PoolSummary pool = run(s, new QueueGrowth()).pool();
        double firstAsk = pool.timeline().stream().filter(t -> t.starting() > 0).mapToDouble(PoolSummary.Sample::atSeconds).min()
                .orElseThrow();
        assertThat(pool.timeline()).filteredOn(t -> t.atSeconds() < firstAsk + 600).allSatisfy(t -> assertThat(t.ready()).isEqualTo(1));
        assertThat(pool.timeline()).anySatisfy(t -> assertThat(t.ready()).isGreaterThan(1));
    }

    @Test
    void theBoundsAndTheEngineAreChecked() {
        assertThatThrownBy(() -> chat(60).pods(9).autoscaling(AutoscalingConfig.of(1, 8, 1)).build())
                .hasMessageContaining("outside [1, 8]");
        assertThatThrownBy(() -> AutoscalingConfig.of(3, 2, 1)).hasMessageContaining("min pods <= max pods");
        assertThatThrownBy(() -> run(chat(60).build(), new QueueGrowth())).hasMessageContaining("this scenario's pool is fixed");
    }
}
