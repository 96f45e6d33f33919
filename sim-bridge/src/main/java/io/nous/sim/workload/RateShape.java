package io.nous.sim.workload;

/**
 * A daily cycle of the arrival rate: the rate at time t is the scenario's rate times
 * {@code 1 - amplitude * cos(2 pi t / period)}, so a run starts at its trough ({@code 1 - amplitude}),
 * peaks half a period in ({@code 1 + amplitude}) and averages the scenario's rate over whole periods.
 * Arrivals are drawn at the constant rate in "operational time" and each is placed at the real time
 * where the cumulative shaped rate reaches it: the time change that turns a renewal process into one
 * with this intensity (for Poisson arrivals, exactly the non-homogeneous Poisson process).
 *
 * @param amplitude in [0, 1): 0 is a constant rate
 * @param periodUs  one cycle, in microseconds
 */
public record RateShape(double amplitude, long periodUs) {
    public RateShape {
        if (!(amplitude >= 0 && amplitude < 1)) {
            throw new WorkloadException("a diurnal amplitude is in [0, 1) (the rate swings between 1 - a and 1 + a times its mean), got "
                    + amplitude);
        }
        if (periodUs < 1_000_000L) {
            throw new WorkloadException("a diurnal period is at least 1 s, got " + periodUs / 1e6 + " s");
        }
    }

    /** The rate multiplier at {@code tUs}. */
    public double multiplier(double tUs) {
        return 1 - amplitude * Math.cos(2 * Math.PI * tUs / periodUs);
    }

    /** Operational time reached at real time {@code tUs}: the integral of the multiplier from 0. */
    public double cumulative(double tUs) {
        return tUs - amplitude * periodUs / (2 * Math.PI) * Math.sin(2 * Math.PI * tUs / periodUs);
    }

    /**
     * The real time (microseconds, rounded) at which operational time {@code tauUs} is reached. The
     * cumulative is increasing (its slope is at least {@code 1 - amplitude > 0}), so Newton's method
     * from {@code tauUs}, kept inside a bracket, converges to the one root.
     */
    public long realTime(double tauUs) {
        double lo = tauUs / (1 + amplitude);
        double hi = tauUs / (1 - amplitude);
        double t = Math.max(lo, Math.min(hi, tauUs));
        for (int i = 0; i < 60; i++) {
            double f = cumulative(t) - tauUs;
            if (Math.abs(f) < 1e-3) {
                break;
            }
            if (f > 0) {
                hi = t;
            } else {
                lo = t;
            }
            double next = t - f / multiplier(t);
            t = next > lo && next < hi ? next : (lo + hi) / 2;
        }
        return Math.round(t);
    }
}
