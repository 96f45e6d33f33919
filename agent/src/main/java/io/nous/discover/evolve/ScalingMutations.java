package io.nous.discover.evolve;

import io.nous.policy.PolicyRegistry;
import java.util.Locale;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * The offline search's operators for scaling policies. A policy that states its parameters as its
 * constructor's arguments (the threshold-scaling and saturation-target seeds and their descendants) is
 * tuned with the detector search's operators; one that states none (WVA's analyzer) is restarted in
 * one of the two parametric families with drawn parameters. Structure beyond them is the language
 * model's.
 */
public final class ScalingMutations {
    private ScalingMutations() {
    }

    /** One change to {@code source}: a parameter tuned, or, when none is stated, a restart in a family. */
    public static Mutations.Result mutate(String source, RandomGenerator rng) {
        Mutations.Result r = DetectorMutations.mutate(source, rng);
        return r != null ? r : restart(rng);
    }

    /** A restart in the threshold family or the saturation-target family, even odds. */
    public static Mutations.Result restart(RandomGenerator rng) {
        return rng.nextBoolean() ? restartInFamily(rng) : restartOnSaturation(rng);
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

    /**
     * The saturation-target policy with drawn parameters: a target of 0.15 to 1.5 of the router's
     * saturation per pod (log-uniform: a pool kept well below the gate to one let past it) and growth
     * capped at 1 to 4 pods a decision.
     */
    public static Mutations.Result restartOnSaturation(RandomGenerator rng) {
        long target = Math.round(150 * Math.exp(rng.nextDouble() * Math.log(10)));
        long step = 1 + rng.nextInt(4);
        String ref = String.format(Locale.ROOT, "saturation-target:targetPermille=%d,maxStep=%d", target, step);
        return new Mutations.Result(PolicyRegistry.builtin().source(ref), "restart-in-family",
                "a saturation target: " + target + "/1000 of the router's saturation per pod, growing by at most " + step + " a decision",
                Double.NaN);
    }
}
