package io.nous.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The search chart keeps most candidates readable when a few lie far off. */
class ChartsTest {
    private static double[][] spread(int n, double from, double to) {
        double[][] p = new double[n][];
        for (int i = 0; i < n; i++) {
            p[i] = new double[] {i + 1, from + (to - from) * i / (n - 1)};
        }
        return p;
    }

    @Test
    void fourFarOutliersDoNotSetTheAxis() {
        double[][] candidates = spread(60, -60, 40);
        double[][] outliers = {{10, 976}, {20, 976}, {30, 976}, {40, 976}};
        double[][] all = java.util.stream.Stream.concat(java.util.Arrays.stream(candidates), java.util.Arrays.stream(outliers))
                .toArray(double[][]::new);
        double[] range = Charts.robustRange(new double[][] {{0, 0}, {60, -30}}, all, new double[0][]);
        assertThat(range).isNotNull();
        assertThat(range[1]).isLessThan(100).isGreaterThan(40);
        assertThat(range[0]).as("the best candidates stay on the scale").isLessThan(-60);
        String svg = Charts.progress(new double[][] {{0, 0}, {60, -30}}, all, new double[0][]);
        assertThat(svg).contains("off the scale");
    }

    @Test
    void anOrdinarySpreadIsLeftAlone() {
        assertThat(Charts.robustRange(new double[][] {{0, 0}}, spread(60, -60, 40), new double[0][])).isNull();
        assertThat(Charts.progress(new double[][] {{0, 0}}, spread(60, -60, 40), new double[0][])).doesNotContain("off the scale");
    }
}
