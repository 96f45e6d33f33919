package io.nous.discover.evolve;

import io.nous.policy.PolicyRegistry;
import java.util.Locale;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * The offline search's operators for eviction policies. A policy that states its parameters as its
 * constructor's arguments (the weighted-eviction seed and its descendants) is tuned with the
 * detector search's operators; one that states none (the router's priority-then-time) is restarted
 * in the weighted-eviction family with drawn parameters. Structure beyond the family is the language
 * model's.
 */
public final class EvictionMutations {
    private EvictionMutations() {
    }

    /** One change to {@code source}: a parameter tuned, or, when none is stated, a restart in the weighted family. */
    public static Mutations.Result mutate(String source, RandomGenerator rng) {
        Mutations.Result r = DetectorMutations.mutate(source, rng);
        return r != null ? r : restartInFamily(rng);
    }

    /**
     * The weighted-eviction policy with drawn parameters: the weight of recency uniform from the oldest
     * first (-1,000) to the newest first (1,000), a KiB of payload worth 1 us to 1 s of recency, drawn
     * log-uniformly.
     */
    public static Mutations.Result restartInFamily(RandomGenerator rng) {
        long recency = Math.round(-1000 + 2000 * rng.nextDouble());
        long usPerKiB = Math.round(Math.exp(rng.nextDouble() * Math.log(1_000_000)));
        String ref = String.format(Locale.ROOT, "weighted-eviction:recencyPermille=%d,usPerKiB=%d", recency, usPerKiB);
        return new Mutations.Result(PolicyRegistry.builtin().source(ref), "restart-in-family",
                "a weighted victim order: recency weight " + recency + "/1000, " + usPerKiB + " us per KiB of prompt", Double.NaN);
    }
}
