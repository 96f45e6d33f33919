package io.nous.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nous.sim.HeldTicksTest.CountingGate;
import io.nous.sim.HeldTicksTest.Gate;
import io.nous.sim.HeldTicksTest.RangeCounter;
import io.nous.sim.HeldTicksTest.Wrapper;
import io.nous.sim.epp.DecisionReplay;
import io.nous.sim.epp.DecisionTrace;
import io.nous.sim.epp.PolicyException;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.spi.UsageLimitPolicy;
import io.nous.sim.workload.ArrivalProcess;
import io.nous.sim.workload.WorkloadCatalog;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A policy held to another run's decisions and found alike runs that run exactly: its own simulation
 * gives the traced run's result, name aside. And the replay is no looser than that nor much stricter:
 * a well-behaved policy it finds unlike does run differently.
 */
class DecisionReplayTest {
    /** Opens every band until saturation {@code from}, then closes the lower ones: the same as the gate at 1 below it. */
    static final class ClosesFrom implements UsageLimitPolicy {
        private final double from;

        ClosesFrom(double from) {
            this.from = from;
        }

        @Override
        public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
            for (int i = 1; i < ceilings.length; i++) {
                ceilings[i] = saturation < from ? 1.0 : 0.0;
            }
        }
    }

    /** Breaks the contract (a ceiling above 1) from saturation 0.6. */
    static final class Breaker implements UsageLimitPolicy {
        @Override
        public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
            if (saturation >= 0.6) {
                ceilings[0] = 1.5;
            }
        }
    }

    /** Throws from saturation 0.6. */
    static final class Thrower implements UsageLimitPolicy {
        @Override
        public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
            if (saturation >= 0.6) {
                throw new IllegalStateException("too full");
            }
        }
    }

    static Stream<Arguments> scenarios() {
        return Stream.of(
                Arguments.of("code-generation@4", scenario("code-generation", 4, null)),
                Arguments.of("interactive-chat@40", scenario("interactive-chat", 40, null)),
                Arguments.of("code-generation@16", scenario("code-generation", 16, null)),
                Arguments.of("interactive-chat@80", scenario("interactive-chat", 80, null)),
                Arguments.of("reasoning@0.7, bursty", scenario("reasoning", 0.7, 2.0)));
    }

    private static Scenario scenario(String workload, double qps, Double cv) {
        var w = WorkloadCatalog.builtin().workload(workload);
        if (cv != null) {
            w = w.withArrival(new ArrivalProcess("gamma", cv));
        }
        return Scenario.builder(w).qps(qps).durationSeconds(120).seed(5).build();
    }

    private static Map<String, Supplier<UsageLimitPolicy>> candidates() {
        Map<String, Supplier<UsageLimitPolicy>> m = new LinkedHashMap<>();
        m.put("gate 1.0", () -> new Gate(1.0));
        m.put("gate 0.95", () -> new Gate(0.95));
        m.put("gate 0.8", () -> new Gate(0.8));
        m.put("gate 0.5", () -> new Gate(0.5));
        m.put("closes from 0.9", () -> new ClosesFrom(0.9));
        m.put("range counter", () -> new RangeCounter(4));
        m.put("counting gate 1.0", () -> new CountingGate(1.0));
        m.put("wrapped gate 1.0", () -> new Wrapper(new Gate(1.0)));
        m.put("breaker", Breaker::new);
        m.put("thrower", Thrower::new);
        return m;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void aPolicyFoundAlikeRunsTheTracedRunAndOneFoundUnlikeRunsAnother(String label, Scenario s) {
        for (Supplier<UsageLimitPolicy> baseline : java.util.List.<Supplier<UsageLimitPolicy>>of(() -> new Gate(1.0), () -> new RangeCounter(4))) {
            ClusterSimulation traced = new ClusterSimulation(s, baseline.get(), "baseline", null, null).recordDecisions(1 << 20);
            SimulationResult base = traced.run();
            DecisionTrace trace = traced.decisionTrace();
            assertThat(trace).as(label + ": recorded").isNotNull();
            assertThat(trace.cycles()).as(label + ": every cycle is in the trace").isEqualTo(base.policy().calls());
            assertThat(DecisionReplay.decidesAlike(trace, baseline.get())).as(label + ": the baseline itself").isTrue();
            for (Map.Entry<String, Supplier<UsageLimitPolicy>> c : candidates().entrySet()) {
                String what = label + ", " + c.getKey();
                boolean alike = DecisionReplay.decidesAlike(trace, c.getValue().get());
                SimulationResult own;
                try {
                    own = new ClusterSimulation(s, c.getValue().get(), "candidate", null, null).run().withWallSeconds(0);
                } catch (PolicyException e) {
                    assertThat(alike).as(what + ": it fails in its own run (" + e.getMessage() + ")").isFalse();
                    continue;
                }
                SimulationResult replayed = base.decidedAlikeBy("candidate", 0);
                if (alike) {
                    assertThat(own).as(what + ": found alike").isEqualTo(replayed);
                } else {
                    assertThat(own).as(what + ": found unlike").isNotEqualTo(replayed);
                }
            }
        }
    }

    @Test
    void lightLoadSettlesNoOpPoliciesAndHeavyLoadDoesNot() {
        Scenario light = scenario("code-generation", 4, null);
        Scenario heavy = scenario("code-generation", 16, null);
        for (Scenario s : new Scenario[] {light, heavy}) {
            ClusterSimulation traced = new ClusterSimulation(s, new Gate(1.0), "static", null, null).recordDecisions(1 << 20);
            traced.run();
            boolean alike = DecisionReplay.decidesAlike(traced.decisionTrace(), new ClosesFrom(0.9));
            assertThat(alike).as("qps " + s.qps()).isEqualTo(s == light);
        }
    }

    @Test
    void aTraceCrossesAsBytesAndBadBytesAreRefused() {
        ClusterSimulation traced = new ClusterSimulation(scenario("interactive-chat", 80, null), new Gate(1.0), "static", null, null)
                .recordDecisions(1 << 20);
        traced.run();
        DecisionTrace trace = traced.decisionTrace();
        byte[] bytes = trace.toBytes();
        DecisionTrace back = DecisionTrace.fromBytes(bytes);
        assertThat(back.toBytes()).isEqualTo(bytes);
        assertThat(back.decisions()).isEqualTo(trace.decisions());
        assertThat(back.cycles()).isEqualTo(trace.cycles());
        assertThat(back.priorities()).isEqualTo(trace.priorities());
        assertThat(bytes.length).as("about 10 bytes a decision").isLessThan(trace.decisions() * 12 + 32);

        assertThatThrownBy(() -> DecisionTrace.fromBytes(Arrays.copyOf(bytes, bytes.length - 3)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("decision trace");
        assertThatThrownBy(() -> DecisionTrace.fromBytes(new byte[0])).isInstanceOf(IllegalArgumentException.class);
        byte[] format = bytes.clone();
        format[0] = 9;
        assertThatThrownBy(() -> DecisionTrace.fromBytes(format)).hasMessageContaining("unknown format 9");
        byte[] longer = Arrays.copyOf(bytes, bytes.length + 10);
        assertThatThrownBy(() -> DecisionTrace.fromBytes(longer)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aTraceTooLongOrOfABrokenContractStandsForNothing() {
        Scenario s = scenario("interactive-chat", 80, null);
        ClusterSimulation capped = new ClusterSimulation(s, new Gate(1.0), "static", null, null).recordDecisions(100);
        capped.run();
        assertThat(capped.decisionTrace()).as("more decisions than asked for").isNull();

        Scenario lenient = s.toBuilder().flowControlConfig(s.flowControlConfig().withFailOnContractViolation(false)).build();
        ClusterSimulation broken = new ClusterSimulation(lenient, new Breaker(), "breaker", null, null).recordDecisions(1 << 20);
        SimulationResult r = broken.run();
        assertThat(r.policy().ceilingViolations()).isPositive();
        assertThat(broken.decisionTrace()).as("violations counted, not failed").isNull();

        ClusterSimulation untraced = new ClusterSimulation(s, new Gate(1.0), "static", null, null);
        untraced.run();
        assertThat(untraced.decisionTrace()).as("not asked for").isNull();
    }
}
