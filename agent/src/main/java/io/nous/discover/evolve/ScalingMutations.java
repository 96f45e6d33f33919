package io.nous.discover.evolve;

import io.nous.policy.PolicyRegistry;
import java.util.Locale;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * The offline search's operators for scaling policies. A policy that states its parameters as its
 * constructor's arguments (the threshold-scaling seed and its descendants) is tuned with the detector
 * search's operators; one that states none (the HPA, WVA's analyzer) is restarted in the threshold
 * family with drawn parameters. Structure beyond the family is the language model's.
 */
public final class ScalingMutations {
    private ScalingMutations() {
    }

    /** One change to {@code source}: a parameter tuned, or, when none is stated, a restart in the threshold family. */
    public static Mutations.Result mutate(String source, RandomGenerator rng) {
        Mutations.Result r = DetectorMutations.mutate(source, rng);
        return r != null ? r : restartInFamily(rng);
    }

    /**
     * The threshold policy with drawn parameters: 1 to 64 waiting requests per pod before growing
     * (log-uniform), an idle pool shrunk below 5 to 60 % KV use, and steps of 1 to 3 pods, so restarts
     * span eager and lazy, small and large steps.
     */
    public static Mutations.Result restartInFamily(RandomGenerator rng) {
        long up = Math.round(Math.exp(rng.nextDouble() * Math.log(64)));
        long down = Math.round(50 + 550 * rng.nextDouble());
        long step = 1 + rng.nextInt(3);
        String ref = String.format(Locale.ROOT, "threshold-scaling:upQueuePerPod=%d,downKvPermille=%d,upStep=%d", up, down, step);
        return new Mutations.Result(PolicyRegistry.builtin().source(ref), "restart-in-family",
                "a queue threshold: " + up + " waiting per pod to grow by " + step + ", shrink an idle pool below " + down + "/1000 KV use",
                Double.NaN);
    }
}
