package io.nous.sim.workload;

import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * How requests arrive in open loop: {@code poisson} (exponential gaps), {@code gamma} with a
 * coefficient of variation of the gaps ({@code cv > 1} is burstier than Poisson), or
 * {@code constant} (evenly spaced).
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
            default -> throw new WorkloadException("arrival process must be poisson, gamma or constant, got '" + process + "'");
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
            default -> throw new IllegalStateException(process);
        };
    }

    /** Draws gaps between consecutive arrivals, in seconds. */
    @FunctionalInterface
    public interface GapSampler {
        double next();
    }
}
