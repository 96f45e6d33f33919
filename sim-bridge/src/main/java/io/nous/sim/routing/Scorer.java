package io.nous.sim.routing;

/** A scheduling scorer: a score per candidate endpoint, in [0, 1] (the profile clamps it), higher is better. */
public interface Scorer {
    /** Writes the score of {@code endpoints[i]} to {@code scores[i]} for i in [0, n). */
    void score(SchedulingContext c, int[] endpoints, int n, double[] scores);
}
