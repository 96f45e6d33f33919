package io.nous.evaluator.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.commons.math3.distribution.BetaDistribution;
import org.apache.commons.math3.random.Well19937c;
import org.junit.jupiter.api.Test;

/**
 * The sampler draws exactly what commons-math's {@code BetaDistribution} draws from the same
 * generator, bit for bit and consuming it identically, in both of Cheng's algorithms: the bootstrap's
 * intervals, and so every journaled verdict, must not move when the sampler gets cheaper.
 */
class BetaSamplerTest {
    private static final double[][] SHAPES = {
            {1, 1}, {1, 2}, {2, 1}, {1, 500}, {500, 1}, {0.5, 0.5}, {0.3, 4}, {4, 0.3}, {0.9, 1.7}, {2, 2}, {2, 5}, {5, 2},
            {99, 2}, {2, 99}, {990, 11}, {11, 990}, {5940, 61}, {38000, 385}, {1.0000001, 3}, {1e-3, 1e-3}};

    @Test
    void everyDrawIsCommonsMathsDrawFromTheSameGenerator() {
        for (double[] s : SHAPES) {
            for (int seed = 1; seed <= 3; seed++) {
                Well19937c ours = new Well19937c(seed);
                Well19937c theirs = new Well19937c(seed);
                BetaSampler sampler = new BetaSampler(s[0], s[1]);
                BetaDistribution reference = new BetaDistribution(theirs, s[0], s[1]);
                for (int i = 0; i < 5000; i++) {
                    double a = sampler.sample(ours);
                    double b = reference.sample();
                    assertThat(Double.doubleToRawLongBits(a)).as("Beta(%s, %s) draw %d, seed %d", s[0], s[1], i, seed)
                            .isEqualTo(Double.doubleToRawLongBits(b));
                }
                // and the generators are where each other left them
                assertThat(ours.nextLong()).isEqualTo(theirs.nextLong());
            }
        }
    }

    /**
     * The rank the bootstrap takes of a draw comes out the same, and leaves the generator in the same
     * state, whether the draw is decided in the intrinsic functions or in {@code FastMath}'s: at the
     * real tolerance, and at tolerances wide enough that most decisions fall back to the exact path.
     */
    @Test
    void aDrawsRankIsTheRankOfTheExactDrawAtAnyTolerance() {
        int[] sizes = {2, 3, 7, 50, 999, 6000, 54321};
        double[] quantiles = {0.5, 0.9, 0.95, 0.99};
        double[] tolerances = {BetaSampler.TOLERANCE, 1e-6, 1e-3, 0.1};
        for (int n : sizes) {
            for (double q : quantiles) {
                int k = Math.max(1, (int) Math.ceil(q * n));
                BetaSampler sampler = new BetaSampler(k, n - k + 1);
                for (double tolerance : tolerances) {
                    Well19937c fast = new Well19937c(n * 31L + k);
                    Well19937c exact = new Well19937c(n * 31L + k);
                    for (int i = 0; i < 4000; i++) {
                        int expected = Math.min(n, Math.max(1, (int) Math.ceil(sampler.sample(exact) * n)));
                        assertThat(sampler.rank(fast, n, tolerance)).as("n %d, k %d, tolerance %s, draw %d", n, k, tolerance, i)
                                .isEqualTo(expected);
                    }
                    assertThat(fast.nextLong()).as("n %d, k %d, tolerance %s: the generators agree after", n, k, tolerance)
                            .isEqualTo(exact.nextLong());
                }
            }
        }
    }

    /**
     * Most draws are decided by the rank table ({@link RankTable}) without a logarithm, and each of them is the
     * exact draw's rank: low and high quantiles (the draw rising and falling with the first uniform), small and
     * large samples, many draws.
     */
    @Test
    void theRankTableDecidesMostDrawsAndEachAsTheExactDraw() {
        int[] sizes = {20, 333, 5000, 54321};
        double[] quantiles = {0.01, 0.25, 0.5, 0.99};
        for (int n : sizes) {
            for (double q : quantiles) {
                int k = Math.max(1, (int) Math.ceil(q * n));
                BetaSampler sampler = new BetaSampler(k, n - k + 1);
                Well19937c fast = new Well19937c(n * 7L + k);
                Well19937c exact = new Well19937c(n * 7L + k);
                int draws = 60_000;
                for (int i = 0; i < draws; i++) {
                    int expected = Math.min(n, Math.max(1, (int) Math.ceil(sampler.sample(exact) * n)));
                    assertThat(sampler.rank(fast, n)).as("n %d, k %d, draw %d", n, k, i).isEqualTo(expected);
                }
                assertThat(fast.nextLong()).as("n %d, k %d: the generators agree after", n, k).isEqualTo(exact.nextLong());
                if (k > 1 && n - k + 1 > 1) {
                    // the bootstrap's p99 of hundreds of requests or more almost always; central ranks of large samples
                    // only within the ranks a table covers
                    long most = q == 0.99 && n >= 333 ? draws * 9L / 10 : draws / 2;
                    assertThat(sampler.tableDraws).as("n %d, k %d: draws the table decided", n, k).isGreaterThan(most);
                }
            }
        }
    }

    @Test
    void aQuantileStatisticOverSortedSamplesReplicatesAsOneThatSortsThem() {
        float[][] raw = {{5, 1, 4, 2, 3, 9, 7}, {}, {0.5f, 0.25f}};
        float[][] sorted = {{1, 2, 3, 4, 5, 7, 9}, {}, {0.25f, 0.5f}};
        QuantileStatistic a = new QuantileStatistic(raw, 0.9);
        QuantileStatistic b = QuantileStatistic.ofSorted(sorted, 0.9);
        Well19937c ra = new Well19937c(7);
        Well19937c rb = new Well19937c(7);
        for (int i = 0; i < 1000; i++) {
            int s = i % 3;
            assertThat(Double.doubleToRawLongBits(a.replicate(s, ra))).isEqualTo(Double.doubleToRawLongBits(b.replicate(s, rb)));
        }
        assertThat(a.value(0)).isEqualTo(9);
        assertThat(a.value(1)).isNaN();
    }

    @Test
    void shapesMustBePositive() {
        assertThatThrownBy(() -> new BetaSampler(0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new BetaSampler(1, Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }
}
