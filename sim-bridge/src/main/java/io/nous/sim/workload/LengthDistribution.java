package io.nous.sim.workload;

import org.apache.commons.math3.distribution.ExponentialDistribution;
import org.apache.commons.math3.distribution.LogNormalDistribution;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.RealDistribution;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * A distribution of token counts (prompt or output length), rounded to integers and clamped to
 * {@code [min, max]}.
 *
 * @param kind      {@code constant}, {@code lognormal}, {@code exponential}, {@code gaussian} or
 *                  {@code empirical}
 * @param mean      mean token count
 * @param cv        coefficient of variation (standard deviation / mean); ignored for constant and
 *                  exponential (whose CV is 1)
 * @param empirical for {@code empirical}: token counts and their weights, as [count, weight] pairs
 */
public record LengthDistribution(String kind, double mean, double cv, int min, int max, double[][] empirical) {

    public LengthDistribution(String kind, double mean, double cv, int min, int max) {
        this(kind, mean, cv, min, max, null);
    }

    public LengthDistribution {
        if (kind == null) {
            throw new WorkloadException("length distribution needs a 'kind'");
        }
        if (!(mean >= 1) || Double.isInfinite(mean)) {
            throw new WorkloadException("length distribution mean must be >= 1 token, got " + mean);
        }
        if (!(cv >= 0) || Double.isInfinite(cv)) {
            throw new WorkloadException("length distribution cv must be >= 0, got " + cv);
        }
        if (min < 1 || max < min) {
            throw new WorkloadException("length distribution bounds must satisfy 1 <= min <= max, got [" + min + ", " + max + "]");
        }
        switch (kind) {
            case "constant", "lognormal", "exponential", "gaussian" -> { }
            case "empirical" -> {
                if (empirical == null || empirical.length == 0) {
                    throw new WorkloadException("an empirical length distribution needs token counts and weights");
                }
            }
            default -> throw new WorkloadException("length distribution kind must be constant, lognormal, exponential, gaussian or empirical, got '"
                    + kind + "'");
        }
    }

    /** A sampler bound to one random generator. */
    public Sampler sampler(RandomGenerator rng) {
        RealDistribution d = switch (kind) {
            case "constant" -> null;
            case "lognormal" -> {
                double sigma2 = Math.log(1 + cv * cv);
                yield new LogNormalDistribution(rng, Math.log(mean) - sigma2 / 2, Math.sqrt(sigma2));
            }
            case "exponential" -> new ExponentialDistribution(rng, mean);
            case "gaussian" -> new NormalDistribution(rng, mean, Math.max(1e-9, cv * mean));
            case "empirical" -> null;
            default -> throw new IllegalStateException(kind);
        };
        if (kind.equals("empirical")) {
            double total = 0;
            for (double[] e : empirical) {
                total += e[1];
            }
            double[] cumulative = new double[empirical.length];
            double acc = 0;
            for (int i = 0; i < empirical.length; i++) {
                acc += empirical[i][1] / total;
                cumulative[i] = acc;
            }
            return () -> {
                double u = rng.nextDouble();
                int i = 0;
                while (i < cumulative.length - 1 && u >= cumulative[i]) {
                    i++;
                }
                return (int) Math.max(min, Math.min(max, Math.round(empirical[i][0])));
            };
        }
        return () -> {
            double x = d == null ? mean : d.sample();
            long v = Math.round(x);
            return (int) Math.max(min, Math.min(max, v));
        };
    }

    /** Draws token counts. */
    @FunctionalInterface
    public interface Sampler {
        int next();
    }
}
