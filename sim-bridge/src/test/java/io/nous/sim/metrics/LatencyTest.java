package io.nous.sim.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Latency.of walks the histogram once; it must say exactly what HdrHistogram's own queries say. */
class LatencyTest {

    @Test
    void matchesHdrHistogramsMeanAndPercentiles() {
        SplittableRandom random = new SplittableRandom(58);
        for (int trial = 0; trial < 300; trial++) {
            Histogram h = new Histogram(3_600_000_000L, 3);
            int samples = trial < 20 ? 1 + trial : 1 + random.nextInt(20_000);
            for (int i = 0; i < samples; i++) {
                long us = switch (trial % 3) {
                    case 0 -> 1 + random.nextInt(5_000);                                     // narrow
                    case 1 -> (long) Math.exp(random.nextDouble(2, 20));                      // heavy-tailed
                    default -> random.nextBoolean() ? 40_000 : 40_000 + random.nextInt(3);    // two buckets
                };
                h.recordValue(us);
            }
            Latency l = Latency.of(h);
            assertThat(l.count()).isEqualTo(h.getTotalCount());
            assertThat(l.meanMs()).isEqualTo(h.getMean() / 1000.0);
            assertThat(l.p50Ms()).isEqualTo(h.getValueAtPercentile(50) / 1000.0);
            assertThat(l.p90Ms()).isEqualTo(h.getValueAtPercentile(90) / 1000.0);
            assertThat(l.p99Ms()).isEqualTo(h.getValueAtPercentile(99) / 1000.0);
            assertThat(l.maxMs()).isEqualTo(h.getMaxValue() / 1000.0);
        }
    }

    @Test
    void aGrowingHistogramSummarisesAsOneSizedForADay() {
        SplittableRandom random = new SplittableRandom(7);
        Histogram sized = new Histogram(24L * 3600 * 1_000_000, 3);
        Histogram growing = new Histogram(3);
        for (int i = 0; i < 50_000; i++) {
            long us = (long) Math.exp(random.nextDouble(0, 25));
            sized.recordValue(us);
            growing.recordValue(us);
        }
        assertThat(Latency.of(growing)).isEqualTo(Latency.of(sized));
        Histogram merged = new Histogram(3);
        merged.add(growing);
        assertThat(Latency.of(merged)).isEqualTo(Latency.of(sized));
    }

    @Test
    void anEmptyHistogramSaysNothing() {
        Latency l = Latency.of(new Histogram(3));
        assertThat(l.count()).isZero();
        assertThat(l.p99Ms()).isNaN();
        assertThat(l.meanMs()).isNaN();
    }
}
