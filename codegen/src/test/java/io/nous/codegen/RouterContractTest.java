package io.nous.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.codegen.golang.proof.GoldenVectors;
import org.junit.jupiter.api.Test;

/** What verification accepts under the router's contract, export accepts: the same rules, the same calls. */
class RouterContractTest {
    /**
     * A duty cycle that opens a lower band while a higher one is closed, only on every fourth call at
     * a held saturation of 0.75 with five bands. The exercise interleaves saturations, so its counter
     * never lands on that phase there; the export's held-saturation calls do.
     */
    private static final String PHASE_BREACH = """
            import io.nous.sim.spi.UsageLimitPolicy;

            public final class PhaseBreach implements UsageLimitPolicy {
                private long tick;

                @Override
                public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
                    int n = priorities.length;
                    if (saturation >= 0.5 && saturation < 1) {
                        tick++;
                    }
                    for (int i = 0; i < n; i++) {
                        ceilings[i] = 1.0;
                    }
                    if (n == 5 && saturation == 0.75) {
                        ceilings[1] = 0.0;
                        ceilings[2] = tick % 4 == 0 ? 1.0 : 0.0;
                        ceilings[3] = 0.0;
                        ceilings[4] = 0.0;
                    }
                }
            }
            """;

    @Test
    void aContractBreachOnlyTheExportsCallsReachIsRejectedByVerification() {
        CheckResult simulationOnly = Candidates.check(PHASE_BREACH, "PhaseBreach.java", Contract.SIMULATION_ONLY);
        assertThat(simulationOnly.accepted()).as("the interleaved exercise alone misses it").isTrue();
        CheckResult router = Candidates.check(PHASE_BREACH, "PhaseBreach.java");
        assertThat(router.accepted()).isFalse();
        assertThat(String.join("\n", router.problems())).contains("breaks the router's usage-limit contract")
                .contains("ceilings increase down the bands (0.0 then 1.0) at saturation 0.75 with 5 band(s)");
        // and the export refuses it with the same words
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> GoldenVectors.record(simulationOnly.candidate()::newUsageLimitPolicy))
                .isInstanceOf(GoldenVectors.ContractBroken.class).hasMessageContaining("at saturation 0.75 with 5 band(s)");
    }
}
