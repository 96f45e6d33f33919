package io.nous.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.ScalingPolicy;
import org.junit.jupiter.api.Test;

/**
 * The scaling rules decision by decision: the HPA's replica calculator with its tolerance, WVA's
 * analyzer waiting for the pods it asked for, and the saturation-target seed, which counts pods
 * already starting so that a saturation that stays high while they load does not ask for them again.
 */
class ScalingTemplatesTest {
    private static final PolicyRegistry REGISTRY = PolicyRegistry.builtin();

    private static ScalingPolicy policy(String ref) {
        return REGISTRY.create(PlugPoint.SCALING, ref);
    }

    /** A decision at 60 s with these pods and signals, fresh state. */
    private static int decide(ScalingPolicy p, int ready, int starting, double saturation, double kv, int waiting, int queued) {
        return p.desiredPods(60_000_000L, ready, starting, saturation, kv, waiting, 10 * ready, queued, new long[ScalingPolicy.STATE_SIZE]);
    }

    @Test
    void theHpaScalesInProportionOutsideItsTolerance() {
        ScalingPolicy hpa = policy("hpa-utilization");
        assertThat(decide(hpa, 4, 0, 0.2, 0.75, 0, 0)).as("within 10% of 0.7").isEqualTo(4);
        assertThat(decide(hpa, 4, 0, 0.2, 0.98, 0, 0)).isEqualTo(6); // ceil(4 x 1.4)
        assertThat(decide(hpa, 4, 0, 0.2, 0.30, 0, 0)).isEqualTo(2); // ceil(4 x 0.43)
        // the router's queue is invisible to it: KV use is what it reads
        assertThat(decide(hpa, 2, 0, 9.0, 0.70, 0, 500)).isEqualTo(2);
    }

    @Test
    void theAnalyzerWaitsForThePodsItAskedFor() {
        ScalingPolicy wva = policy("saturation-analyzer");
        assertThat(decide(wva, 2, 0, 0.5, 0.75, 0, 0)).as("spare KV 0.05 < 0.1").isEqualTo(3);
        assertThat(decide(wva, 2, 1, 0.5, 0.75, 0, 0)).as("one pod starting").isEqualTo(3);
        assertThat(decide(wva, 4, 0, 0.1, 0.10, 0, 0)).as("three pods would keep both spares").isEqualTo(3);
    }

    @Test
    void saturationTargetCountsStartingPodsCapsGrowthAndShrinksByOne() {
        ScalingPolicy t = policy("saturation-target:targetPermille=500,maxStep=2");
        // 2 ready at saturation 1.5 want ceil(2 x 1.5 / 0.5) = 6: two more this decision
        assertThat(decide(t, 2, 0, 1.5, 0.5, 40, 100)).isEqualTo(4);
        // with those two starting, the same reading asks for two more, not for four again
        assertThat(decide(t, 2, 2, 1.5, 0.5, 40, 100)).isEqualTo(6);
        // once six are held, a saturation that stays up while they load asks for nothing
        assertThat(decide(t, 2, 4, 1.5, 0.5, 40, 100)).isEqualTo(6);
        // a pool that fewer pods would carry loses one, but not while pods are starting
        assertThat(decide(t, 6, 0, 0.1, 0.1, 0, 0)).isEqualTo(5);
        assertThat(decide(t, 6, 1, 0.1, 0.1, 0, 0)).isEqualTo(7);
        // an empty pool asks for one
        assertThat(decide(t, 0, 0, 0, 0, 0, 0)).isEqualTo(1);
        // the router's queue reaches it through the saturation; the HPA's KV reading does not see it
        assertThat(decide(t, 2, 0, 9.0, 0.70, 0, 500)).isEqualTo(4);
    }
}
