package io.nous.evaluator.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Selection finds the very elements a sort puts at the two places, in the sort's order of doubles (compared
 * as {@link Double#equals} does: NaN equals NaN, -0.0 does not equal 0.0).
 */
class OrderStatisticsTest {
    private static final double[] SPECIAL = {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1.5, -1.5};

    @Test
    void everyPairOfPlacesHoldsWhatASortPutsThere() {
        SplittableRandom random = new SplittableRandom(5);
        for (int n = 1; n <= 24; n++) {
            for (int trial = 0; trial < 20; trial++) {
                double[] values = sample(random, n, trial % 3);
                double[] sorted = values.clone();
                Arrays.sort(sorted);
                double[] before = values.clone();
                for (int lo = 0; lo < n; lo++) {
                    for (int hi = lo; hi < n; hi++) {
                        double[] pair = OrderStatistics.pair(values, lo, hi);
                        assertThat(Double.valueOf(pair[0])).as("n %d, trial %d, place %d", n, trial, lo).isEqualTo(Double.valueOf(sorted[lo]));
                        assertThat(Double.valueOf(pair[1])).as("n %d, trial %d, place %d", n, trial, hi).isEqualTo(Double.valueOf(sorted[hi]));
                    }
                }
                assertThat(values).as("the input is left as it was").isEqualTo(before);
            }
        }
    }

    @Test
    void aBootstrapsIntervalIsTheSortedReplicatesAtItsTwoPlaces() {
        SplittableRandom random = new SplittableRandom(9);
        PairedBootstrap stats = new PairedBootstrap(2000, 0.95);
        for (int trial = 0; trial < 200; trial++) {
            double[] reps = sample(random, 1 + random.nextInt(3000), trial % 3);
            double[] sorted = reps.clone();
            Arrays.sort(sorted);
            int lo = (int) Math.floor(0.025 * (reps.length - 1));
            int hi = (int) Math.ceil(0.975 * (reps.length - 1));
            double[] ci = stats.percentileInterval(reps);
            assertThat(new Double[] {ci[0], ci[1]}).containsExactly(sorted[lo], sorted[hi]); // Double.equals: NaN is NaN, -0.0 is not 0.0
        }
    }

    @Test
    void placesOutsideTheSampleAreRefused() {
        assertThatThrownBy(() -> OrderStatistics.pair(new double[3], 2, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> OrderStatistics.pair(new double[3], 0, 3)).isInstanceOf(IllegalArgumentException.class);
    }

    /** Distinct values, many ties, or ties mixed with the doubles a sort treats specially. */
    private static double[] sample(SplittableRandom random, int n, int kind) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = switch (kind) {
                case 0 -> random.nextGaussian();
                case 1 -> random.nextInt(4);
                default -> random.nextInt(3) == 0 ? SPECIAL[random.nextInt(SPECIAL.length)] : random.nextInt(5) - 2.0;
            };
        }
        return v;
    }
}
