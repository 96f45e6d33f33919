package io.nous.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.policy.templates.SoftReflectiveCeilingPolicy;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The exact behaviour of the upstream policy and its tests (policy_test.go). */
class SoftReflectiveCeilingPolicyTest {

    /** Like the framework: a fresh buffer pre-filled with 1.0. */
    static double[] limits(SoftReflectiveCeilingPolicy p, double s, int bands) {
        int[] prio = new int[bands];
        for (int i = 0; i < bands; i++) {
            prio[i] = bands - 1 - i;
        }
        double[] c = new double[bands];
        Arrays.fill(c, 1.0);
        p.computeLimit(s, prio, c);
        return c;
    }

    @Test
    void noBandsAndOneBand() {
        SoftReflectiveCeilingPolicy p = new SoftReflectiveCeilingPolicy();
        assertThat(limits(p, 0.9, 0)).isEmpty();
        assertThat(limits(p, 1.5, 1)).containsExactly(1.0);
    }

    @Test
    void belowHalfSaturationEverythingIsOpen() {
        SoftReflectiveCeilingPolicy p = new SoftReflectiveCeilingPolicy();
        for (double s : new double[] {0, 0.1, 0.3, 0.49}) {
            assertThat(limits(p, s, 2)).containsExactly(1.0, 1.0);
        }
    }

    @Test
    void criticalBandNeverGatedAndFullySaturatedClosesTheRest() {
        SoftReflectiveCeilingPolicy p = new SoftReflectiveCeilingPolicy();
        assertThat(limits(p, 1.0, 3)).containsExactly(1.0, 0.0, 0.0);
        assertThat(limits(p, 2.5, 3)).containsExactly(1.0, 0.0, 0.0);
    }

    @Test
    void alternatesEveryOtherCallAtSeventyPercent() {
        SoftReflectiveCeilingPolicy p = new SoftReflectiveCeilingPolicy();
        double[] seq = new double[6];
        for (int i = 0; i < 6; i++) {
            seq[i] = limits(p, 0.7, 2)[1];
        }
        assertThat(seq).containsExactly(0, 1, 0, 1, 0, 1);
    }

    @Test
    void opensEveryThirdCallAtSeventyFivePercent() {
        SoftReflectiveCeilingPolicy p = new SoftReflectiveCeilingPolicy();
        double[] seq = new double[6];
        for (int i = 0; i < 6; i++) {
            seq[i] = limits(p, 0.75, 2)[1];
        }
        assertThat(seq).containsExactly(0, 0, 1, 0, 0, 1);
    }

    @Test
    void sixtyPercentRoundsDownToAlwaysOpenBecauseOfTheEpsilon() {
        // 0.6 / (0.4 + 1e-9) = 1.49999999625 -> period 1 (the upstream test comment says 2; the code gives 1)
        SoftReflectiveCeilingPolicy p = new SoftReflectiveCeilingPolicy();
        for (int i = 0; i < 5; i++) {
            assertThat(limits(p, 0.6, 2)[1]).isEqualTo(1.0);
        }
    }

    @Test
    void blockedShareOfTheSheddableBandMatchesTheBrief() {
        // two bands, blocked 0% to s = 0.5, ~50% at 0.6 (by rate), 67% at 0.75, 89% at 0.9, 100% at 1
        assertThat(blockedShare(0.5)).isZero();
        assertThat(blockedShare(0.75)).isCloseTo(2.0 / 3, org.assertj.core.api.Assertions.within(1e-3));
        assertThat(blockedShare(0.9)).isCloseTo(8.0 / 9, org.assertj.core.api.Assertions.within(1e-3));
        assertThat(blockedShare(1.0)).isEqualTo(1.0);
    }

    private static double blockedShare(double s) {
        SoftReflectiveCeilingPolicy p = new SoftReflectiveCeilingPolicy();
        int blocked = 0;
        int n = 9 * 1000;
        for (int i = 0; i < n; i++) {
            if (s >= limits(p, s, 2)[1]) {
                blocked++;
            }
        }
        return blocked / (double) n;
    }

    @Test
    void reflectiveFormulaWithFourBands() {
        // N = 4, s = 0.7: thresholds 1, 0.767, 0.533, 0.3 -> band 1 open, bands 2 and 3 follow the tick
        SoftReflectiveCeilingPolicy p = new SoftReflectiveCeilingPolicy();
        double[] first = limits(p, 0.7, 4);
        double[] second = limits(p, 0.7, 4);
        assertThat(first).containsExactly(1.0, 1.0, 0.0, 0.0);
        assertThat(second).containsExactly(1.0, 1.0, 1.0, 1.0);
    }

    @Test
    void oneSharedTickKeepsBandsInPhaseAndCeilingsMonotone() {
        // upstream NoStarvationUnderRisingSaturation: warm up at 0.6, then rise to 0.7
        SoftReflectiveCeilingPolicy p = new SoftReflectiveCeilingPolicy();
        for (int i = 0; i < 3; i++) {
            limits(p, 0.6, 3);
        }
        int opens1 = 0;
        int opens2 = 0;
        for (int i = 0; i < 100; i++) {
            double[] c = limits(p, 0.7, 3);
            assertThat(c[0]).isGreaterThanOrEqualTo(c[1]);
            assertThat(c[1]).isGreaterThanOrEqualTo(c[2]);
            if (c[2] == 1.0) {
                assertThat(c[1]).isEqualTo(1.0);
            }
            opens1 += c[1] == 1.0 ? 1 : 0;
            opens2 += c[2] == 1.0 ? 1 : 0;
        }
        assertThat(opens2).isPositive();
        assertThat(opens1).isEqualTo(opens2);
    }

    @Test
    void theTickDoesNotAdvanceOutsideTheAlternatingRegime() {
        SoftReflectiveCeilingPolicy p = new SoftReflectiveCeilingPolicy();
        assertThat(limits(p, 0.7, 2)[1]).isZero();  // tick 1
        limits(p, 0.2, 2);                          // no tick
        limits(p, 1.2, 2);                          // no tick
        assertThat(limits(p, 0.7, 2)[1]).isEqualTo(1.0); // tick 2
    }
}
