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
 * @param kind {@code constant}, {@code lognormal}, {@code exponential} or {@code gaussian}
 * @param mean mean token count
 * @param cv   coefficient of variation (standard deviation / mean); ignored for constant and
 *             exponential (whose CV is 1)
 */
public record LengthDistribution(String kind, double mean, double cv, int min, int max) {

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
            default -> throw new WorkloadException("length distribution kind must be constant, lognormal, exponential or gaussian, got '" + kind + "'");
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
            default -> throw new IllegalStateException(kind);
        };
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
