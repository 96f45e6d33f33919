package io.nous.sim.workload;

import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * How requests arrive in open loop: {@code poisson} (exponential gaps), {@code gamma} or
 * {@code weibull} with a coefficient of variation of the gaps ({@code cv > 1} is burstier than
 * Poisson), or {@code constant} (evenly spaced).
 */
public record ArrivalProcess(String process, double cv) {

    public static final ArrivalProcess POISSON = new ArrivalProcess("poisson", 1.0);

    public ArrivalProcess {
        if (process == null) {
            throw new WorkloadException("arrival process needs a name");
        }
        switch (process) {
            case "poisson", "constant" -> { }
            case "gamma" -> {
                if (!(cv > 0) || Double.isInfinite(cv)) {
                    throw new WorkloadException("gamma arrivals need cv > 0, got " + cv);
                }
            }
            case "weibull" -> {
                if (!(cv >= 0.01 && cv <= 10.4)) {
                    throw new WorkloadException("weibull arrivals need cv in [0.01, 10.4], got " + cv);
                }
            }
            default -> throw new WorkloadException("arrival process must be poisson, gamma, weibull or constant, got '" + process + "'");
        }
    }

    /** A sampler of inter-arrival gaps in seconds at the given rate. */
    public GapSampler sampler(double qps, RandomGenerator rng) {
        double meanGap = 1.0 / qps;
        return switch (process) {
            case "constant" -> () -> meanGap;
            case "poisson" -> () -> -Math.log(1.0 - rng.nextDouble()) * meanGap;
            case "gamma" -> {
                double shape = 1.0 / (cv * cv);
                GammaDistribution g = new GammaDistribution(rng, shape, meanGap / shape);
                yield g::sample;
            }
            case "weibull" -> {
                double shape = weibullShape(cv);
                double scale = meanGap / org.apache.commons.math3.special.Gamma.gamma(1 + 1 / shape);
                org.apache.commons.math3.distribution.WeibullDistribution w =
                        new org.apache.commons.math3.distribution.WeibullDistribution(rng, shape, scale);
                yield w::sample;
            }
            default -> throw new IllegalStateException(process);
        };
    }

    /** The Weibull shape k whose coefficient of variation is {@code cv} (bisection on log k). */
    static double weibullShape(double cv) {
        double lo = Math.log(0.05);
        double hi = Math.log(100);
        for (int i = 0; i < 100; i++) {
            double k = Math.exp((lo + hi) / 2);
            double g1 = org.apache.commons.math3.special.Gamma.gamma(1 + 1 / k);
            double g2 = org.apache.commons.math3.special.Gamma.gamma(1 + 2 / k);
            double c = Math.sqrt(g2 / (g1 * g1) - 1);
            if (c > cv) {
                lo = Math.log(k);
            } else {
                hi = Math.log(k);
            }
        }
        return Math.exp((lo + hi) / 2);
    }

    /** Draws gaps between consecutive arrivals, in seconds. */
    @FunctionalInterface
    public interface GapSampler {
        double next();
    }
}
