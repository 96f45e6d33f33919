package io.nous.codegen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.nous.codegen.guard.GuardedUsageLimitPolicy;
import io.nous.policy.PolicyRegistry;
import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import io.nous.sim.epp.PolicyException;
import io.nous.sim.epp.RouterRelease;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.workload.WorkloadCatalog;
import org.junit.jupiter.api.Test;

/**
 * A guarded candidate whose call changed none of its fields is not called again while the saturation
 * stays the same; the run, the budget's account and the point where a too-slow candidate fails must be
 * exactly those of the run that calls it on every cycle ({@link GuardedUsageLimitPolicy#everyCall}).
 */
class HeldCyclesGuardTest {
    /** Contended, on the study's router: the saturation is mostly at or above 1, where soft-reflective-ceiling keeps no count. */
    private static final Scenario CONTENDED = Scenario.builder(WorkloadCatalog.builtin().workload("code-generation"))
            .qps(16).durationSeconds(200).seed(3).routerRelease(RouterRelease.byName("v0.9")).build();

    private static final String SOFT_REFLECTIVE = PolicyRegistry.builtin().template("soft-reflective-ceiling").source();

    /** Does far more work than the average allows whenever the cluster is saturated, touching no field. */
    private static final String SLOW_WHEN_SATURATED = """
            import io.nous.sim.spi.UsageLimitPolicy;

            public final class Slow implements UsageLimitPolicy {
                @Override
                public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
                    double x = 0;
                    if (saturation >= 1) {
                        for (int i = 0; i < 3000; i++) {
                            x += i * 0.5;
                        }
                    }
                    for (int i = 1; i < priorities.length; i++) {
                        ceilings[i] = x >= 0 ? 0.5 : 0.4;
                    }
                }
            }
            """;

    /** Compiled and guarded, without the pre-flight exercise (which would refuse the slow one before it runs). */
    private static GuardedUsageLimitPolicy guarded(String source, String file) {
        CheckResult r = Candidates.compileOnly(source, file);
        assertThat(r.accepted()).as(String.join("\n", r.problems())).isTrue();
        return (GuardedUsageLimitPolicy) r.candidate().newUsageLimitPolicy();
    }

    @Test
    void aHeldRunOfAGuardedCandidateIsTheRunThatCallsItEveryCycle() {
        GuardedUsageLimitPolicy held = guarded(SOFT_REFLECTIVE, "SoftReflectiveCeilingPolicy.java");
        GuardedUsageLimitPolicy every = guarded(SOFT_REFLECTIVE, "SoftReflectiveCeilingPolicy.java").everyCall();
        SimulationResult a = new ClusterSimulation(CONTENDED, held, "soft", null, null).run().withWallSeconds(0);
        SimulationResult b = new ClusterSimulation(CONTENDED, every, "soft", null, null).run().withWallSeconds(0);
        assertThat(a).isEqualTo(b);
        assertThat(held.repeatedCalls()).as("most cycles were held").isGreaterThan(a.policy().calls() / 2);
        assertThat(every.repeatedCalls()).isZero();
        assertThat(held.budget().calls()).as("every cycle is accounted").isEqualTo(a.policy().calls());
        assertThat(held.budget().spent()).isEqualTo(every.budget().spent());
    }

    @Test
    void aTooSlowCandidateFailsAtTheSameCycleWhetherItsCyclesAreHeldOrNot() {
        GuardedUsageLimitPolicy held = guarded(SLOW_WHEN_SATURATED, "Slow.java");
        GuardedUsageLimitPolicy every = guarded(SLOW_WHEN_SATURATED, "Slow.java").everyCall();
        Throwable a = catchThrowable(() -> new ClusterSimulation(CONTENDED, held, "slow", null, null).run());
        Throwable b = catchThrowable(() -> new ClusterSimulation(CONTENDED, every, "slow", null, null).run());
        assertThat(a).isInstanceOf(PolicyException.class).hasMessageContaining("too slow");
        assertThat(a).hasMessage(b.getMessage());
        assertThat(held.budget().calls()).isEqualTo(every.budget().calls());
    }
}
