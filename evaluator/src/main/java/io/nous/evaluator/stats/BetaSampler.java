package io.nous.evaluator.stats;

import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.util.FastMath;
import org.apache.commons.math3.util.Precision;

/**
 * Draws from one Beta(alpha, beta) distribution exactly as commons-math's
 * {@code BetaDistribution.sample()} draws them from the same generator (R. C. H. Cheng, "Generating
 * beta variates with nonintegral shape parameters", CACM 21, 1978: algorithm BB when both shapes
 * exceed 1, BC otherwise), the same arithmetic in the same order, so every draw is the same double.
 * The difference is cost: the constants of the distribution are computed once here, not on every
 * draw, and no distribution object is built per generator. A bootstrap draws millions of these.
 */
final class BetaSampler {
    /** Cheng's 4·ln 2 and 1 + ln 5, as commons-math writes them. */
    private static final double LN4 = 1.3862944;
    private static final double BB_SQUEEZE = 2.609438;

    /** min and max of the two shapes (Cheng's a and b in BB; BC names them the other way round). */
    private final double lo;
    private final double hi;
    private final boolean bb;
    /** Whether Cheng's a is the first shape: then the draw is {@code w / (b + w)}, else its complement {@code b / (b + w)}. */
    private final boolean aIsFirstShape;
    private final double sum;
    private final double logSum;
    // BB
    private final double bbBeta;
    private final double bbGamma;
    // BC
    private final double bcBeta;
    private final double k1;
    private final double k2;

    BetaSampler(double alpha, double beta) {
        if (!(alpha > 0) || !(beta > 0)) {
            throw new IllegalArgumentException("Beta shapes must be positive, got " + alpha + ", " + beta);
        }
        lo = FastMath.min(alpha, beta);
        hi = FastMath.max(alpha, beta);
        bb = lo > 1;
        if (bb) {
            // algorithmBB(random, alpha, a = lo, b = hi)
            aIsFirstShape = Precision.equals(lo, alpha);
            sum = lo + hi;
            bbBeta = FastMath.sqrt((sum - 2.) / (2. * lo * hi - sum));
            bbGamma = lo + 1. / bbBeta;
            bcBeta = k1 = k2 = Double.NaN;
        } else {
            // algorithmBC(random, alpha, a = hi, b = lo)
            aIsFirstShape = Precision.equals(hi, alpha);
            sum = hi + lo;
            bcBeta = 1. / lo;
            double delta = 1. + hi - lo;
            k1 = delta * (0.0138889 + 0.0416667 * lo) / (hi * bcBeta - 0.777778);
            k2 = 0.25 + (0.5 + 0.25 / delta) * lo;
            bbBeta = bbGamma = Double.NaN;
        }
        logSum = FastMath.log(sum);
    }

    /** One draw, consuming the generator exactly as {@code new BetaDistribution(random, alpha, beta).sample()} does. */
    double sample(RandomGenerator random) {
        return bb ? sampleBB(random) : sampleBC(random);
    }

    private double sampleBB(RandomGenerator random) {
        final double a = lo;
        final double b = hi;
        double r;
        double w;
        double t;
        do {
            final double u1 = random.nextDouble();
            final double u2 = random.nextDouble();
            final double v = bbBeta * (FastMath.log(u1) - FastMath.log1p(-u1));
            w = a * FastMath.exp(v);
            final double z = u1 * u1 * u2;
            r = bbGamma * v - LN4;
            final double s = a + r - w;
            if (s + BB_SQUEEZE >= 5 * z) {
                break;
            }
            t = FastMath.log(z);
            if (s >= t) {
                break;
            }
        } while (r + sum * (logSum - FastMath.log(b + w)) < t);
        w = FastMath.min(w, Double.MAX_VALUE);
        return aIsFirstShape ? w / (b + w) : b / (b + w);
    }

    private double sampleBC(RandomGenerator random) {
        final double a = hi;
        final double b = lo;
        double w;
        for (;;) {
            final double u1 = random.nextDouble();
            final double u2 = random.nextDouble();
            final double y = u1 * u2;
            final double z = u1 * y;
            if (u1 < 0.5) {
                if (0.25 * u2 + z - y >= k1) {
                    continue;
                }
            } else {
                if (z <= 0.25) {
                    final double v = bcBeta * (FastMath.log(u1) - FastMath.log1p(-u1));
                    w = a * FastMath.exp(v);
                    break;
                }
                if (z >= k2) {
                    continue;
                }
            }
            final double v = bcBeta * (FastMath.log(u1) - FastMath.log1p(-u1));
            w = a * FastMath.exp(v);
            if (sum * (logSum - FastMath.log(b + w) + v) - LN4 >= FastMath.log(z)) {
                break;
            }
        }
        w = FastMath.min(w, Double.MAX_VALUE);
        return aIsFirstShape ? w / (b + w) : b / (b + w);
    }
}
