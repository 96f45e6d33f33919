package io.nous.discover.evolve;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.codegen.BehaviourProbe;
import io.nous.codegen.CheckResult;
import io.nous.codegen.Candidates;
import org.apache.commons.math3.random.Well19937c;
import org.junit.jupiter.api.Test;

class AdmissionMutationsTest {
    private static final String RAMP = """
            import io.nous.sim.spi.AdmissionPolicy;

            public final class Ramp implements AdmissionPolicy {
                private static final double START = 0.4;
                private static final double WIDTH = 0.2;

                @Override
                public boolean admit(int priority, double saturation, double u) {
                    if (priority >= 0) {
                        return true;
                    }
                    double refuse = Math.min(1.0, Math.max(0.0, (saturation - START) / WIDTH));
                    return u >= refuse;
                }
            }
            """;

    private static CheckResult accepted(String source) {
        CheckResult r = Candidates.check(source, "m.java");
        assertThat(r.accepted()).as(String.join("\n", r.problems()) + "\n" + source).isTrue();
        return r;
    }

    @Test
    void smoothingMakesTheAdmitterDecideOnAnAverageItsSteadyStateCurveUnchanged() {
        Mutations.Result r = AdmissionMutations.smooth(RAMP, new Well19937c(3));
        assertThat(r.operator()).isEqualTo("smooth-saturation");
        long window = AdmissionMutations.window(r.source());
        assertThat(window).isBetween(16L, 512L);
        assertThat(r.source()).contains("private long smoothed;").contains("(level - START) / WIDTH").doesNotContain("(saturation - START)");
        CheckResult plain = accepted(RAMP);
        CheckResult smoothed = accepted(r.source());
        // read once saturation has held: the same refusal curve, so the same behaviour cell as its parent
        assertThat(BehaviourProbe.probe(smoothed.candidate())).containsExactly(BehaviourProbe.probe(plain.candidate()));
        // but a brief spike is not a sustained regime: after calls at 0.1, one call at 0.9 is admitted by the average only
        var spikeSmoothed = smoothed.candidate().newAdmissionPolicy();
        var spikePlain = plain.candidate().newAdmissionPolicy();
        for (int i = 0; i < 1000; i++) {
            spikeSmoothed.admit(0, 0.1, 0.5);
            spikePlain.admit(0, 0.1, 0.5);
        }
        assertThat(spikeSmoothed.admit(-1, 0.9, 0.5)).isTrue();
        assertThat(spikePlain.admit(-1, 0.9, 0.5)).isFalse();
    }

    @Test
    void smoothingAgainChangesTheWindowAndReshapingKeepsTheAverage() {
        String once = AdmissionMutations.smooth(RAMP, new Well19937c(3)).source();
        Mutations.Result twice = AdmissionMutations.smooth(once, new Well19937c(4));
        assertThat(AdmissionMutations.window(twice.source())).isNotEqualTo(AdmissionMutations.window(once)).isPositive();
        assertThat(twice.change()).contains(" -> ");
        accepted(twice.source());
        for (int seed = 0; seed < 6; seed++) {
            Mutations.Result reshaped = AdmissionMutations.reshape(once, 0.5, new Well19937c(seed));
            assertThat(AdmissionMutations.window(reshaped.source())).isEqualTo(AdmissionMutations.window(once));
            assertThat(reshaped.source()).contains("smoothed += ").doesNotContain("(saturation - ").doesNotContain("pow(saturation").doesNotContain("saturation < ");
            accepted(reshaped.source());
        }
    }

    @Test
    void perturbingConstantsLeavesTheAveragesFixedPointScaleAlone() {
        String once = AdmissionMutations.smooth(RAMP, new Well19937c(3)).source();
        for (int seed = 0; seed < 20; seed++) {
            Mutations.Result r = AdmissionMutations.perturbConstant(once, new Well19937c(seed));
            assertThat(r.source()).contains("saturation * 1e6").contains("smoothed / 1e6");
        }
    }
}
