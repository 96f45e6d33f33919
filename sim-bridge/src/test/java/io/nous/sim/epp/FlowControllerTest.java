package io.nous.sim.epp;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.sim.request.Request;
import io.nous.sim.spi.UsageLimitPolicy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FlowControllerTest {
    private static final int HIGH = 10;
    private static final int SHED = -1;

    /** A detector whose value the test sets. */
    static final class FixedSaturation implements SaturationGauge {
        double value;

        @Override
        public double saturation(long nowUs) {
            return value;
        }
    }

    private final FixedSaturation sat = new FixedSaturation();
    private int nextId;

    private Request req(int priority, int tenant) {
        return new Request(nextId++, 0, priority, tenant, 100, 10, 0, 0.5);
    }

    private FlowController controller(UsageLimitPolicy p) {
        return new FlowController(FlowControlConfig.DEFAULTS, new int[] {HIGH, SHED}, p, "test", sat);
    }

    @Test
    void bandZeroIsAlwaysProvisionedAndBandsAreOrderedHighestFirst() {
        FlowController fc = controller((s, p, c) -> { });
        assertThat(fc.priorities()).containsExactly(HIGH, 0, SHED);
    }

    @Test
    void thePolicySeesEveryProvisionedBandAndABufferPrefilledWithOne() {
        List<double[]> seen = new ArrayList<>();
        List<int[]> prios = new ArrayList<>();
        FlowController fc = recording((s, p, c) -> {
            seen.add(c.clone());
            prios.add(p.clone());
            c[0] = 0.3; // dirty the buffer: the next cycle must still start from 1.0
        });
        fc.enqueue(req(SHED, 0), 0);
        fc.dispatchCycle(0);
        fc.dispatchCycle(1);
        assertThat(seen).hasSize(2);
        assertThat(seen.get(1)).containsExactly(1.0, 1.0, 1.0);
        assertThat(prios.get(0)).containsExactly(HIGH, 0, SHED);
    }

    @Test
    void atMostOneRequestIsDispatchedPerCycleHighestBandFirst() {
        FlowController fc = controller((s, p, c) -> { });
        Request low = req(SHED, 0);
        Request high = req(HIGH, 0);
        fc.enqueue(low, 0);
        fc.enqueue(high, 1);
        sat.value = 0.2;
        assertThat(fc.dispatchCycle(2)).isSameAs(high);
        assertThat(fc.dispatchCycle(3)).isSameAs(low);
        assertThat(fc.dispatchCycle(4)).isNull();
        assertThat(high.dispatchUs).isEqualTo(2);
    }

    @Test
    void aGatedHigherBandBlocksLowerBandsEvenWhenItIsEmpty() {
        // band 0 (empty) gets ceiling 0.5; the sheddable band is open (1.0) but below it. Such
        // non-monotone ceilings break the contract, which is exactly why the walk must stop early.
        FlowController fc = recording((s, p, c) -> c[1] = 0.5);
        fc.enqueue(req(SHED, 0), 0);
        sat.value = 0.6;
        assertThat(fc.dispatchCycle(1)).as("walk stops at the gated empty band 0").isNull();
        assertThat(fc.gatedCycles(2)).isEqualTo(1);
        sat.value = 0.4;
        assertThat(fc.dispatchCycle(2)).isNotNull();
    }

    @Test
    void emptyOpenBandsAreSkipped() {
        FlowController fc = controller((s, p, c) -> { });
        Request low = req(SHED, 0);
        fc.enqueue(low, 0);
        sat.value = 0.9;
        assertThat(fc.dispatchCycle(1)).isSameAs(low);
    }

    @Test
    void saturationAtOneHaltsEveryBandBecauseTheTestIsGreaterOrEqual() {
        FlowController fc = controller((s, p, c) -> { }); // every ceiling 1.0
        fc.enqueue(req(HIGH, 0), 0);
        sat.value = 1.0;
        assertThat(fc.dispatchCycle(1)).isNull();
        sat.value = 0.999;
        assertThat(fc.dispatchCycle(2)).isNotNull();
    }

    @Test
    void aFullBandRejectsAndTheLimitIsPerBand() {
        FlowController fc = new FlowController(FlowControlConfig.DEFAULTS.withMaxRequestsPerBand(2),
                new int[] {SHED}, (s, p, c) -> { }, "test", sat);
        assertThat(fc.enqueue(req(SHED, 0), 0)).isTrue();
        assertThat(fc.enqueue(req(SHED, 0), 0)).isTrue();
        assertThat(fc.enqueue(req(SHED, 0), 0)).isFalse();
        assertThat(fc.enqueue(req(0, 0), 0)).isTrue();
        assertThat(fc.queued()).isEqualTo(3);
    }

    @Test
    void sweepEvictsOnlyRequestsOlderThanTheTtl() {
        FlowController fc = controller((s, p, c) -> { });
        Request old = req(SHED, 0);
        Request young = req(SHED, 0);
        fc.enqueue(old, 0);
        fc.enqueue(young, 30_000_000);
        List<Request> evicted = new ArrayList<>();
        fc.sweep(60_000_000, evicted::add);
        assertThat(evicted).isEmpty(); // exactly at the TTL is not yet expired
        fc.sweep(61_000_000, evicted::add);
        assertThat(evicted).containsExactly(old);
        assertThat(fc.queued()).isEqualTo(1);
    }

    @Test
    void globalStrictServesTheOldestHeadAcrossFlows() {
        FlowController fc = controller((s, p, c) -> { });
        Request a1 = req(SHED, 1);
        Request b1 = req(SHED, 2);
        Request a2 = req(SHED, 1);
        fc.enqueue(a1, 0);
        fc.enqueue(a2, 1);
        fc.enqueue(b1, 2);
        assertThat(List.of(fc.dispatchCycle(3), fc.dispatchCycle(4), fc.dispatchCycle(5))).containsExactly(a1, a2, b1);
    }

    @Test
    void roundRobinGivesEachFlowATurn() {
        FlowController fc = new FlowController(FlowControlConfig.DEFAULTS.withFairness(Fairness.ROUND_ROBIN),
                new int[] {SHED}, (s, p, c) -> { }, "test", sat);
        Request a1 = req(SHED, 1);
        Request a2 = req(SHED, 1);
        Request a3 = req(SHED, 1);
        Request b1 = req(SHED, 2);
        fc.enqueue(a1, 0);
        fc.enqueue(a2, 1);
        fc.enqueue(a3, 2);
        fc.enqueue(b1, 3);
        assertThat(List.of(fc.dispatchCycle(4), fc.dispatchCycle(5), fc.dispatchCycle(6), fc.dispatchCycle(7)))
                .containsExactly(a1, b1, a2, a3);
    }

    private FlowController recording(UsageLimitPolicy p) {
        return new FlowController(FlowControlConfig.DEFAULTS.withFailOnContractViolation(false), new int[] {HIGH, SHED}, p, "test", sat);
    }

    @Test
    void contractViolationsFailTheRunByDefault() {
        FlowController fc = controller((s, p, c) -> c[2] = Double.NaN);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> fc.dispatchCycle(0))
                .isInstanceOf(PolicyException.class).hasMessageContaining("broke the contract").hasMessageContaining("NaN");
    }

    @Test
    void inRecordModeContractViolationsAreCountedAndDescribed() {
        FlowController fc = recording((s, p, c) -> {
            c[0] = 0.2;
            c[1] = 0.9; // increases down the bands
        });
        fc.enqueue(req(HIGH, 0), 0);
        fc.dispatchCycle(1);
        assertThat(fc.ceilingViolations()).isEqualTo(1);
        assertThat(fc.firstViolation()).contains("exceeds the band above");

        FlowController nan = recording((s, p, c) -> c[2] = Double.NaN);
        nan.dispatchCycle(0);
        assertThat(nan.firstViolation()).contains("NaN");
    }

    @Test
    void aPolicyCannotCorruptTheProvisionedPriorities() {
        FlowController fc = recording((s, p, c) -> p[0] = 99);
        fc.dispatchCycle(0);
        assertThat(fc.firstViolation()).contains("modified the read-only priorities");
        assertThat(fc.priorities()).containsExactly(HIGH, 0, SHED);
        List<int[]> seen = new ArrayList<>();
        FlowController again = recording((s, p, c) -> {
            seen.add(p.clone());
            p[1] = 7;
        });
        again.dispatchCycle(0);
        again.dispatchCycle(1);
        assertThat(seen.get(1)).containsExactly(HIGH, 0, SHED); // the view was restored
    }

    @Test
    void aThrowingPolicyFailsTheRunWithItsName() {
        FlowController fc = controller((s, p, c) -> {
            throw new ArithmeticException("boom");
        });
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> fc.dispatchCycle(5))
                .isInstanceOf(PolicyException.class)
                .hasMessageContaining("'test'")
                .hasMessageContaining("ArithmeticException: boom");
    }
}
