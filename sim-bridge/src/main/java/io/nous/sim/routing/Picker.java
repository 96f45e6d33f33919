package io.nous.sim.routing;

/** A scheduling picker: the endpoint a request goes to, from the candidates and their weighted scores. */
public interface Picker {
    /** The chosen endpoint among {@code endpoints[0, n)}, whose total scores are {@code scores[0, n)}. */
    int pick(SchedulingContext c, int[] endpoints, int n, double[] scores);
}
