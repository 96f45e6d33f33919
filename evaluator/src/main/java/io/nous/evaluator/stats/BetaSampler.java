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
    static final double LN4 = 1.3862944;
    static final double BB_SQUEEZE = 2.609438;

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
    /** Where BB's draws out of the last sample size asked for land ({@link RankTable}), looked up on the first draw. */
    private RankTable table;
    /** Draws the table decided (for tests: it must decide most). */
    long tableDraws;

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

    /**
     * The rank {@code min(n, max(1, ceil(u n)))} of one draw {@code u} of {@link #sample}, from the same
     * generator state to the same one after. What the bootstrap needs of a draw is only this rank, so
     * where the shapes exceed 1 (algorithm BB) the draw runs in the JDK's intrinsic {@code Math.log} and
     * {@code Math.exp}, about four times faster than {@code FastMath}'s, with each decision (Cheng's
     * three tests, the rank's ceiling) taken only when it holds beyond a bound on the difference
     * between the two ({@link #TOLERANCE}, relative, a thousand times the worst of both functions'
     * errors); one that does not is taken again in {@code FastMath}'s arithmetic. Before any of that, most
     * draws are decided by a {@link RankTable} from their two uniforms alone. The rank is therefore
     * exactly the rank of {@link #sample}'s draw, on any JVM.
     */
    int rank(RandomGenerator random, int n) {
        return rank(random, n, TOLERANCE);
    }

    /** {@link #rank}, deciding by the intrinsic functions only beyond {@code tolerance} (tests widen it to exercise the exact path). */
    int rank(RandomGenerator random, int n, double tolerance) {
        if (!bb) {
            return rankOf(sampleBC(random), n);
        }
        RankTable t = null;
        if (tolerance == TOLERANCE) {
            t = table;
            if (t == null || t.n != n) {
                t = RankTable.cached(lo, hi, aIsFirstShape, bbBeta, bbGamma, n);
                table = t;
            }
            if (t.cells() == 0) {
                t = null;
            }
        }
        return rankBB(random, n, tolerance, t);
    }

    private static int rankOf(double u, int n) {
        return Math.min(n, Math.max(1, (int) Math.ceil(u * n)));
    }

    /**
     * Relative bound used for every quantity of {@link #rankBB}: {@code Math.log} and {@code Math.exp}
     * are within 1 ulp of the true value (their specification), {@code FastMath}'s within about 1 ulp,
     * so the two differ by about 4.4e-16 relative per call; a decision closer than a thousand times
     * that, through every operation that carries it, is taken in {@code FastMath}'s arithmetic.
     */
    static final double TOLERANCE = 1e-12;

    private int rankBB(RandomGenerator random, int n, double eps, RankTable table) {
        final double a = lo;
        final double b = hi;
        double u1;
        double w;
        double eW;
        while (true) {
            u1 = random.nextDouble();
            final double u2 = random.nextDouble();
            if (table != null) {
                int cell = table.cell(u1);
                if (cell >= 0 && u1 * u1 * u2 <= table.accept[cell]) {
                    tableDraws++;
                    return table.rank[cell]; // accepted by Cheng's first or second test, at the cell's rank
                }
            }
            final double z = u1 * u1 * u2; // the same operations as sampleBB: the same bits
            final double l1 = Math.log(u1);
            final double l2 = Math.log(1 - u1);
            final double v = bbBeta * (l1 - l2);
            w = a * Math.exp(v);
            eW = Double.NaN;
            int verdict = UNSURE;
            if (z > 0 && !Double.isInfinite(l1) && !Double.isInfinite(l2) && !Double.isInfinite(w)) {
                final double eV = bbBeta * eps * (Math.abs(l1) + Math.abs(l2) + 1) + eps * Math.abs(v);
                eW = w * (eV + eps);
                final double r = bbGamma * v - LN4;
                final double eR = bbGamma * eV + eps * (Math.abs(bbGamma * v) + LN4);
                final double s = a + r - w;
                final double eS = eR + eW + eps * (a + Math.abs(r) + w);
                // Cheng's squeeze: accept when s + 2.609438 >= 5 z
                final double quick = s + BB_SQUEEZE - 5 * z;
                verdict = verdict(quick, eS + eps * (Math.abs(s) + BB_SQUEEZE + 5 * z));
                if (verdict == REJECT) {
                    // accept when s >= ln z
                    final double t = Math.log(z);
                    final double eT = eps * (Math.abs(t) + 1);
                    verdict = verdict(s - t, eS + eT + eps * (Math.abs(s) + Math.abs(t)));
                    if (verdict == REJECT) {
                        // accept when r + (a + b)(ln(a + b) - ln(b + w)) >= ln z, else draw again
                        final double lbw = Math.log(b + w);
                        final double eL = (eW + eps * (b + w)) / (b + w) + eps * (Math.abs(lbw) + 1);
                        final double q = r + sum * (logSum - lbw);
                        final double eQ = eR + sum * eL + eps * (Math.abs(r) + sum * (Math.abs(logSum) + Math.abs(lbw)));
                        verdict = verdict(q - t, eQ + eT + eps * (Math.abs(q) + Math.abs(t)));
                    }
                }
            }
            if (verdict == ACCEPT) {
                break;
            }
            if (verdict == UNSURE && exactIteration(u1, z)) {
                return rankOf(exactDraw(u1), n);
            }
        }
        // accepted: the rank of w / (b + w) (or b / (b + w)), unless the ceiling is too close to call
        final double u = aIsFirstShape ? w / (b + w) : b / (b + w);
        final double eU = b * eW / ((b + w) * (b + w)) + eps * u;
        final double x = u * n;
        final double eX = n * eU + eps * (x + 1);
        final double lower = Math.ceil(x - eX);
        if (lower == Math.ceil(x + eX) && lower >= 1 && lower <= n) {
            return (int) lower;
        }
        return rankOf(exactDraw(u1), n);
    }

    private static final int ACCEPT = 1;
    private static final int REJECT = -1;
    private static final int UNSURE = 0;

    /** A test {@code margin >= 0} decided on an approximate margin within {@code error} of the exact one. */
    private static int verdict(double margin, double error) {
        return margin >= error ? ACCEPT : margin <= -error ? REJECT : UNSURE;
    }

    /** One iteration of {@link #sampleBB} on the uniforms it drew, in its arithmetic: whether it accepts. */
    private boolean exactIteration(double u1, double z) {
        final double a = lo;
        final double v = bbBeta * (FastMath.log(u1) - FastMath.log1p(-u1));
        final double w = a * FastMath.exp(v);
        final double r = bbGamma * v - LN4;
        final double s = a + r - w;
        if (s + BB_SQUEEZE >= 5 * z) {
            return true;
        }
        final double t = FastMath.log(z);
        if (s >= t) {
            return true;
        }
        return !(r + sum * (logSum - FastMath.log(hi + w)) < t);
    }

    /** The draw {@link #sampleBB} returns for the accepted iteration whose first uniform is {@code u1}. */
    private double exactDraw(double u1) {
        final double b = hi;
        final double v = bbBeta * (FastMath.log(u1) - FastMath.log1p(-u1));
        final double w = FastMath.min(lo * FastMath.exp(v), Double.MAX_VALUE);
        return aIsFirstShape ? w / (b + w) : b / (b + w);
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
