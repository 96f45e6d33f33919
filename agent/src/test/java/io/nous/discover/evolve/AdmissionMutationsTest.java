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

    @Test
    void separatingTheTermsMovesTheAdmitterToTheTermsFormAndKeepsItsCurveOnAQueueingPool() {
        String smoothed = AdmissionMutations.smooth(RAMP, new Well19937c(3)).source();
        for (String parent : new String[] {RAMP, smoothed}) {
            Mutations.Result r = AdmissionMutations.separateTerms(parent, new Well19937c(5));
            assertThat(r.operator()).isEqualTo("separate-terms");
            double onset = AdmissionMutations.kvOnset(r.source());
            assertThat(onset).isBetween(0.5, 1.2);
            assertThat(r.source()).contains("admit(int priority, double saturation, double queue, double kv, double u)")
                    .contains("double signal = Math.max(queue, kv >= KV_ONSET ? kv : 0.0);");
            assertThat(AdmissionMutations.window(r.source())).isEqualTo(AdmissionMutations.window(parent));
            CheckResult before = accepted(parent);
            CheckResult after = accepted(r.source());
            double[] probeBefore = BehaviourProbe.probe(before.candidate());
            double[] probeAfter = BehaviourProbe.probe(after.candidate());
            // a pool saturated by its queues: the same onset as the parent
            assertThat(probeAfter[0]).isEqualTo(probeBefore[0]);
            // a pool whose KV cache alone holds it at 0.8: the parent refuses all, the child only from its onset on
            assertThat(probeBefore[1]).isZero();
            assertThat(probeAfter[1]).isEqualTo(onset > 0.8 ? 1.0 : 0.0);
        }
    }

    @Test
    void separatingAgainDrawsAnotherOnsetAndSmoothingOrReshapingKeepsTheTerms() {
        String terms = AdmissionMutations.separateTerms(RAMP, new Well19937c(5)).source();
        Mutations.Result again = AdmissionMutations.separateTerms(terms, new Well19937c(6));
        assertThat(AdmissionMutations.kvOnset(again.source())).isNotEqualTo(AdmissionMutations.kvOnset(terms)).isPositive();
        assertThat(again.change()).contains(" -> ");
        accepted(again.source());

        Mutations.Result smoothed = AdmissionMutations.smooth(terms, new Well19937c(3));
        assertThat(smoothed.source()).contains("smoothed += ((long) (signal * 1e6) - smoothed) / WINDOW;")
                .contains("(level - START) / WIDTH").contains("KV_ONSET");
        accepted(smoothed.source());
        for (int seed = 0; seed < 6; seed++) {
            for (String parent : new String[] {terms, smoothed.source()}) {
                Mutations.Result reshaped = AdmissionMutations.reshape(parent, 0.3, new Well19937c(seed));
                assertThat(AdmissionMutations.kvOnset(reshaped.source())).isEqualTo(AdmissionMutations.kvOnset(parent));
                assertThat(AdmissionMutations.window(reshaped.source())).isEqualTo(AdmissionMutations.window(parent));
                assertThat(reshaped.source()).contains("double queue, double kv").doesNotContain("(saturation - ")
                        .doesNotContain("pow(saturation").doesNotContain("saturation < ");
                accepted(reshaped.source());
            }
        }
        // the fixed-point scale stays; the onset is tuned like any other constant, within the range it means something in
        for (int seed = 0; seed < 40; seed++) {
            String perturbed = AdmissionMutations.perturbConstant(smoothed.source(), new Well19937c(seed)).source();
            assertThat(perturbed).contains("signal * 1e6");
            assertThat(AdmissionMutations.kvOnset(perturbed)).isBetween(0.5, 1.2);
        }
        String low = terms.replaceAll("KV_ONSET = [0-9.]+", "KV_ONSET = 0.5");
        int moved = 0;
        for (int seed = 0; seed < 30; seed++) {
            // at the bottom of its range the onset can only rise
            double onset = AdmissionMutations.kvOnset(AdmissionMutations.perturbConstant(low, new Well19937c(seed)).source());
            assertThat(onset).isGreaterThanOrEqualTo(0.5);
            moved += onset > 0.5 ? 1 : 0;
        }
        assertThat(moved).isPositive();
    }

    @Test
    void anAdmitterThatAlreadyNamesTheTermsIsNotSeparatedAgain() {
        String own = RAMP.replace("double refuse", "double queue = 0.0;\n        double refuse");
        accepted(own);
        assertThat(AdmissionMutations.separateTerms(own, new Well19937c(1))).isNull();
    }

    @Test
    void shiftingTheCurveMovesItsOnsetKeepingItsShape() {
        for (int seed = 0; seed < 8; seed++) {
            Mutations.Result r = AdmissionMutations.shiftCurve(RAMP, new Well19937c(seed));
            assertThat(r.operator()).isEqualTo("shift-curve");
            double f = Double.parseDouble(r.change().replaceAll(".*moved to ([0-9.]+)x.*", "$1"));
            assertThat(f).isBetween(0.25, 4.0).isNotCloseTo(1.0, org.assertj.core.data.Offset.offset(0.2));
            // START 0.4 and WIDTH 0.2 both scale: half refused at 0.5 before, at 0.5 f after
            CheckResult shifted = accepted(r.source());
            double onset = BehaviourProbe.probe(shifted.candidate())[0];
            assertThat(onset).isCloseTo(Math.min(1.0, 0.5 * f), org.assertj.core.data.Offset.offset(0.06));
        }
        String power = RAMP.replace("START = 0.4", "POWER = 5.0").replace("WIDTH = 0.2", "K = 300.0")
                .replace("Math.max(0.0, (saturation - START) / WIDTH)", "Math.pow(saturation, POWER) * K");
        Mutations.Result p = AdmissionMutations.shiftCurve(power, new Well19937c(1));
        accepted(p.source());
        assertThat(p.source()).contains("POWER = 5.0");
        double f = Double.parseDouble(p.change().replaceAll(".*moved to ([0-9.]+)x.*", "$1"));
        double k = Double.parseDouble(p.source().replaceAll("(?s).*K = ([0-9.eE-]+);.*", "$1"));
        assertThat(k).isCloseTo(300 / Math.pow(f, 5), org.assertj.core.data.Percentage.withPercentage(2));
        assertThat(AdmissionMutations.shiftCurve(RAMP.replace("START", "BEGIN"), new Well19937c(1))).isNull();
    }

    @Test
    void crossingAdmittersGivesOneParentsCurveTheOthersReadingOfThePool() {
        String curve = AdmissionMutations.shiftCurve(RAMP, new Well19937c(2)).source();
        String signal = AdmissionMutations.smooth(AdmissionMutations.separateTerms(RAMP, new Well19937c(5)).source(), new Well19937c(3)).source();
        assertThat(AdmissionMutations.window(signal)).isPositive();
        assertThat(AdmissionMutations.kvOnset(signal)).isPositive();
        boolean sawBoth = false;
        for (int seed = 0; seed < 40; seed++) {
            Mutations.Result r = AdmissionMutations.crossAdmitters(curve, signal, new Well19937c(seed));
            if (r == null) {
                continue; // every feature came from the first parent
            }
            assertThat(r.operator()).isEqualTo("cross-admitters");
            assertThat(AdmissionMutations.Curve.of(r.source())).isEqualTo(AdmissionMutations.Curve.of(curve));
            long w = AdmissionMutations.window(r.source());
            double kv = AdmissionMutations.kvOnset(r.source());
            assertThat(w == 0 || w == AdmissionMutations.window(signal)).isTrue();
            assertThat(Double.isNaN(kv) || kv == AdmissionMutations.kvOnset(signal)).isTrue();
            sawBoth |= w > 0 && !Double.isNaN(kv);
            accepted(r.source());
        }
        assertThat(sawBoth).as("some child takes both the average and the terms").isTrue();
        String legacy = RAMP.replace("START", "BEGIN");
        assertThat(AdmissionMutations.crossAdmitters(legacy, signal, new Well19937c(1))).as("a curve of another shape").isNull();
    }
}
