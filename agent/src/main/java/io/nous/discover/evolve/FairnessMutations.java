package io.nous.discover.evolve;

import io.nous.policy.PolicyRegistry;
import java.util.Locale;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * The offline search's operators for fairness policies. A policy that states its parameters as its
 * constructor's arguments (the weighted-fair seed and its descendants) is tuned with the detector
 * search's operators; one that states none (the router's global-strict and round-robin) is restarted
 * in the weighted-fair family with drawn parameters. Structure beyond the family is the language
 * model's.
 */
public final class FairnessMutations {
    private FairnessMutations() {
    }

    /** One change to {@code source}: a parameter tuned, or, when none is stated, a restart in the weighted family. */
    public static Mutations.Result mutate(String source, RandomGenerator rng) {
        Mutations.Result r = DetectorMutations.mutate(source, rng);
        return r != null ? r : restartInFamily(rng);
    }

    /**
     * The weighted-fair policy with drawn parameters: a queued request worth from -1 to 1 rank (uniform,
     * in thousandths), and a repeat from 1 to 64 ranks (log-uniform), so restarts span draining the
     * heaviest tenant first, global-strict, and turns close to round-robin.
     */
    public static Mutations.Result restartInFamily(RandomGenerator rng) {
        long perQueued = Math.round(-1000 + 2000 * rng.nextDouble());
        long repeat = Math.round(1000 * Math.exp(rng.nextDouble() * Math.log(64)));
        String ref = String.format(Locale.ROOT, "weighted-fair:queuePermille=%d,repeatPenalty=%d", perQueued, repeat);
        return new Mutations.Result(PolicyRegistry.builtin().source(ref), "restart-in-family",
                "a weighted flow choice: " + perQueued + "/1000 of a rank per queued request, " + repeat + "/1000 for a repeat",
                Double.NaN);
    }
}
