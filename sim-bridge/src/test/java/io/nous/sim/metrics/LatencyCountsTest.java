package io.nous.sim.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * Counting latencies by bucket must summarize exactly as the HdrHistogram of the same latencies does:
 * the simulator's results are compared byte for byte with runs made when the histogram recorded them.
 */
class LatencyCountsTest {

    @Property(tries = 2000)
    void aValueFallsInTheBucketHdrHistogramPutsItIn(@ForAll @LongRange(min = 0, max = 24L * 3600 * 1_000_000) long us) {
        Histogram h = new Histogram(3);
        int i = LatencyCounts.index(us);
        long lowest = LatencyCounts.lowestValue(i);
        assertThat(lowest).isEqualTo(h.lowestEquivalentValue(us));
        assertThat(LatencyCounts.index(lowest)).isEqualTo(i);
        assertThat(LatencyCounts.index(h.highestEquivalentValue(us))).isEqualTo(i);
        assertThat(LatencyCounts.index(h.highestEquivalentValue(us) + 1)).isEqualTo(i + 1);
    }

    @Test
    void summarizesAsTheHistogramOfTheSameLatencies() {
        SplittableRandom random = new SplittableRandom(58);
        for (int trial = 0; trial < 300; trial++) {
            Histogram h = new Histogram(3);
            LatencyCounts c = new LatencyCounts();
            int samples = trial < 20 ? 1 + trial : 1 + random.nextInt(20_000);
            for (int i = 0; i < samples; i++) {
                long us = switch (trial % 4) {
                    case 0 -> random.nextInt(5_000);                                          // narrow, zeros too
                    case 1 -> (long) Math.exp(random.nextDouble(0, 25.2));                    // up to a day
                    case 2 -> random.nextBoolean() ? 40_000 : 40_000 + random.nextInt(3);     // two buckets
                    default -> 24L * 3600 * 1_000_000 - random.nextInt(1_000_000);            // the clamp's end
                };
                h.recordValue(us);
                c.record(us);
            }
            assertThat(c.latency()).isEqualTo(Latency.of(h));
            assertThat(c.total()).isEqualTo(h.getTotalCount());
        }
    }

    @Test
    void addedCountsSummarizeAsMergedHistograms() {
        SplittableRandom random = new SplittableRandom(7);
        Histogram merged = new Histogram(3);
        LatencyCounts all = new LatencyCounts();
        for (int part = 0; part < 3; part++) {
            Histogram h = new Histogram(3);
            LatencyCounts c = new LatencyCounts();
            for (int i = 0; i < 10_000; i++) {
                long us = (long) Math.exp(random.nextDouble(0, part == 2 ? 25 : 12)); // the last part grows further
                h.recordValue(us);
                c.record(us);
            }
            merged.add(h);
            all.add(c);
        }
        assertThat(all.latency()).isEqualTo(Latency.of(merged));
    }

    @Test
    void noLatenciesSayNothing() {
        assertThat(new LatencyCounts().latency()).isEqualTo(Latency.of(new Histogram(3)));
        assertThat(new LatencyCounts().latency().p99Ms()).isNaN();
    }
}
