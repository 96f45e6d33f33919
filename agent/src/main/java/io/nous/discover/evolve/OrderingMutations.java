package io.nous.discover.evolve;

import io.nous.policy.PolicyRegistry;
import java.util.Locale;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * The offline search's operators for ordering policies. An ordering that states its parameters as
 * its constructor's arguments (the weighted-deadline seed and its descendants) is tuned with the
 * detector search's operators; one that states none (the router's fcfs, edf and slo-deadline) is
 * restarted in the weighted-deadline family with drawn parameters, since a comparison without
 * constants gives a tuner nothing to move. Structure beyond the family is the language model's.
 */
public final class OrderingMutations {
    private OrderingMutations() {
    }

    /** One change to {@code source}: a parameter tuned, or, when none is stated, a restart in the deadline family. */
    public static Mutations.Result mutate(String source, RandomGenerator rng) {
        Mutations.Result r = DetectorMutations.mutate(source, rng);
        return r != null ? r : restartInFamily(rng);
    }

    /**
     * The weighted-deadline ordering with its two parameters drawn log-uniformly: a header-less
     * request's objective from 0.5 s to 5 min, a KiB of payload costing from 1 us to 50 ms of deadline.
     */
    public static Mutations.Result restartInFamily(RandomGenerator rng) {
        long noHeaderMs = Math.round(Math.exp(Math.log(500) + rng.nextDouble() * Math.log(300_000.0 / 500)));
        long usPerKiB = Math.round(Math.exp(rng.nextDouble() * Math.log(50_000)));
        String ref = String.format(Locale.ROOT, "weighted-deadline:noHeaderMs=%d,usPerKiB=%d", noHeaderMs, usPerKiB);
        return new Mutations.Result(PolicyRegistry.builtin().source(ref), "restart-in-family",
                "a weighted deadline: header-less requests' objective " + noHeaderMs + " ms, " + usPerKiB + " us per KiB of prompt",
                Double.NaN);
    }
}
