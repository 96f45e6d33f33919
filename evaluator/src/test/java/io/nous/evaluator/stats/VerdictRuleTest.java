package io.nous.evaluator.stats;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.commons.math3.random.Well19937c;
import org.junit.jupiter.api.Test;

/** The one decision rule: where the interval lies relative to zero, whatever the paired test says. */
class VerdictRuleTest {

    @Test
    void theRuleTable() {
        double nan = Double.NaN;
        Object[][] table = {
            // low, high, lower-is-better, verdict
            {-0.30, -0.10, true, "better"},
            {-0.30, -0.10, false, "worse"},
            {0.10, 0.30, true, "worse"},
            {0.10, 0.30, false, "better"},
            {-0.10, 0.30, true, "no-difference"},
            {-0.30, 0.10, false, "no-difference"},
            {0.00, 0.30, true, "no-difference"},
            {-0.30, 0.00, true, "no-difference"},
            {nan, nan, true, "no-difference"},
            {-0.30, nan, true, "no-difference"},
        };
        for (Object[] row : table) {
            assertThat(Verdict.of((double) row[0], (double) row[1], (boolean) row[2]).id())
                    .as("[%s, %s] lower-is-better=%s", row[0], row[1], row[2]).isEqualTo(row[3]);
        }
    }

    @Test
    void aComparisonsVerdictFollowsItsIntervalEvenWhenThePairedTestDisagrees() {
        // three seeds whose per-seed changes vary a lot (the t-test cannot reject zero) but whose
        // requests all moved the same way (the bootstrap interval excludes zero)
        float[][] base = {{100, 101, 102, 103}, {200, 201, 202, 203}, {100, 100, 100, 100}};
        float[][] cand = {{60, 61, 62, 63}, {199, 200, 201, 202}, {99, 99, 99, 99}};
        SeedStatistic b = new QuantileStatistic(base, 0.5);
        SeedStatistic c = new QuantileStatistic(cand, 0.5);
        Comparison r = new PairedBootstrap(2000, 0.95).compare("m", b, c, true, new Well19937c(1));
        assertThat(r.ciHigh()).isNegative();
        assertThat(r.pValue()).isGreaterThan(0.05);
        assertThat(r.verdict()).isEqualTo(Verdict.BETTER);
    }
}
