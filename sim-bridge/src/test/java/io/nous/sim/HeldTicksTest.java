package io.nous.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.sim.epp.PolicyState;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.spi.UsageLimitPolicy;
import io.nous.sim.workload.ArrivalProcess;
import io.nous.sim.workload.WorkloadCatalog;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * Idle dispatch cycles of a stateless policy are run outside the event queue ({@code repeatIdleTicks})
 * without calling the policy again, and the ticks of one with state outside the queue one by one; the run must be exactly the run in which every cycle calls it. The
 * twin below answers the same but counts its calls, so it is not stateless, takes the ordinary path,
 * and must be called once per cycle the result reports.
 */
class HeldTicksTest {
    /** Lower bands closed from saturation {@code t}: stateless (one final primitive). */
    static final class Gate implements UsageLimitPolicy {
        private final double t;

        Gate(double t) {
            this.t = t;
        }

        @Override
        public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
            for (int i = 1; i < ceilings.length; i++) {
                ceilings[i] = t;
            }
        }
    }

    /** The same answers, counting its calls: a policy with state, which must see every cycle. */
    static final class CountingGate implements UsageLimitPolicy {
        private final double t;
        long calls;

        CountingGate(double t) {
            this.t = t;
        }

        @Override
        public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
            calls++;
            for (int i = 1; i < ceilings.length; i++) {
                ceilings[i] = t;
            }
        }
    }

    /** A wrapper holding its delegate (as the candidate guard does): not stateless, whatever it wraps. */
    static final class Wrapper implements UsageLimitPolicy {
        private final UsageLimitPolicy inner;

        Wrapper(UsageLimitPolicy inner) {
            this.inner = inner;
        }

        @Override
        public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
            inner.computeLimit(saturation, priorities, ceilings);
        }
    }

    /**
     * Soft-reflective-ceiling's shape: counts its calls only while the saturation is in [0.5, 1) and
     * opens the lower bands one call in {@code period} there, so it repeats outside that range only.
     */
    static final class RangeCounter implements UsageLimitPolicy {
        private final int period;
        private long tick;

        RangeCounter(int period) {
            this.period = period;
        }

        @Override
        public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
            Calls.made++; // outside its own state, which is all the flow controller reads: for the test to see the calls
            boolean open = false;
            if (saturation >= 0.5 && saturation < 1) {
                tick++;
                open = tick % period == 0;
            }
            for (int i = 1; i < ceilings.length; i++) {
                ceilings[i] = saturation >= 1 ? 0.0 : open || saturation < 0.5 ? 1.0 : 0.0;
            }
        }
    }

    /** Calls of {@link RangeCounter} made, counted where it cannot see them (a policy must not do this). */
    static final class Calls {
        static long made;
    }

    @Test
    void aPolicysStateIsItsValueFieldsAndOnlyFinalOnesAreStateless() {
        assertThat(PolicyState.of(new Gate(0.8)).stateless()).isTrue();
        assertThat(PolicyState.of(new CountingGate(0.8)).stateless()).isFalse();
        assertThat(PolicyState.of(new Wrapper(new Gate(0.8)))).as("it holds an object").isNull();
        assertThat(PolicyState.of((UsageLimitPolicy) (s, p, c) -> { })).as("a lambda's class is synthetic").isNull();
        assertThat(PolicyState.of(null)).isNull();

        RangeCounter r = new RangeCounter(3);
        PolicyState state = PolicyState.of(r);
        double[] ceilings = {1, 1};
        state.capture(r);
        r.computeLimit(0.7, new int[] {0, -1}, ceilings);
        assertThat(state.unchanged(r)).as("it counted").isFalse();
        state.capture(r);
        r.computeLimit(1.2, new int[] {0, -1}, ceilings);
        assertThat(state.unchanged(r)).as("it did not count").isTrue();
    }

    @Test
    void afterACallThatChangedTheStateTheNextCallsAreNotReadAndCountAsChanging() {
        RangeCounter r = new RangeCounter(3);
        PolicyState state = PolicyState.of(r);
        int[] priorities = {0, -1};
        double[] ceilings = {1, 1};
        for (int i = 0; i < 300; i++) {
            state.beforeCall(r);
            r.computeLimit(0.7, priorities, ceilings);
            assertThat(state.afterCall(r)).as("call %d counted", i).isFalse();
        }
        int firstRepeat = -1;
        for (int i = 0; i < 300; i++) {
            state.beforeCall(r);
            r.computeLimit(1.2, priorities, ceilings);
            boolean repeats = state.afterCall(r);
            if (firstRepeat < 0 && repeats) {
                firstRepeat = i;
            }
            assertThat(repeats).as("call %d, after the first read that found no change", i).isEqualTo(firstRepeat >= 0);
        }
        assertThat(firstRepeat).as("a read comes within the longest skip").isBetween(0, PolicyState.MAX_SKIP);
    }

    static Stream<Arguments> scenarios() {
        MetricsConfig slowScrapes = new MetricsConfig(MetricsConfig.Timing.STEP_BOUNDARY, 50_000, 2_000, 100, 1_000_000);
        return Stream.of(
                Arguments.of("code-generation@16", scenario("code-generation", 16, MetricsConfig.DEFAULTS, null)),
                Arguments.of("interactive-chat@80, scrapes taking 2 ms + 0.1 ms per request",
                        scenario("interactive-chat", 80, slowScrapes, null)),
                Arguments.of("reasoning@0.7, bursty", scenario("reasoning", 0.7, MetricsConfig.DEFAULTS, 2.0)),
                Arguments.of("code-generation@13, 10 ms scrapes", scenario("code-generation", 13,
                        new MetricsConfig(MetricsConfig.Timing.STEP_BOUNDARY, 10_000, 0, 0, 1_000_000), 2.0)));
    }

    private static Scenario scenario(String workload, double qps, MetricsConfig metrics, Double cv) {
        var w = WorkloadCatalog.builtin().workload(workload);
        if (cv != null) {
            w = w.withArrival(new ArrivalProcess("gamma", cv));
        }
        return Scenario.builder(w).qps(qps).durationSeconds(300).seed(7).metrics(metrics).build();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void aStatelessPolicysRunIsTheRunThatCallsItEveryCycle(String label, Scenario s) {
        for (double t : new double[] {0.5, 0.9}) {
            SimulationResult held = new ClusterSimulation(s, new Gate(t), "gate", null, null).run().withWallSeconds(0);
            CountingGate counting = new CountingGate(t);
            SimulationResult every = new ClusterSimulation(s, counting, "gate", null, null).run().withWallSeconds(0);
            assertThat(held.policy().calls()).as("gated cycles happened").isGreaterThan(1000);
            assertThat(held).as(label + ", gate at " + t).isEqualTo(every);
            assertThat(counting.calls).as("a policy with state is called on every cycle").isEqualTo(every.policy().calls());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void aPolicyThatCountsInARangeIsHeldOutsideItAndItsRunIsTheRunThatCallsItEveryCycle(String label, Scenario s) {
        Calls.made = 0;
        SimulationResult held = new ClusterSimulation(s, new RangeCounter(4), "range", null, null).run().withWallSeconds(0);
        long made = Calls.made;
        SimulationResult every = new ClusterSimulation(s, new Wrapper(new RangeCounter(4)), "range", null, null).run().withWallSeconds(0);
        assertThat(held.policy().calls()).as("cycles happened").isGreaterThan(1000);
        assertThat(held).as(label).isEqualTo(every);
        assertThat(made).as("calls were held").isLessThan(held.policy().calls());
    }
}

