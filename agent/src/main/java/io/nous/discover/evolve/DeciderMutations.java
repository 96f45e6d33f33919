package io.nous.discover.evolve;

import io.nous.policy.PolicyRegistry;
import java.util.Locale;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * The offline search's operators for P/D deciders. A decider that states its thresholds as its
 * constructor's arguments (the threshold-pd and light-local-pd seeds and their descendants) is tuned
 * with the detector search's operators; one that states none (the router's always-disagg) is
 * restarted in one of the two families with drawn parameters. Structure beyond them is the language
 * model's.
 */
public final class DeciderMutations {
    private DeciderMutations() {
    }

    /** One change to {@code source}: a threshold tuned, or, when none is stated, a restart in a family. */
    public static Mutations.Result mutate(String source, RandomGenerator rng) {
        Mutations.Result r = DetectorMutations.mutate(source, rng);
        return r != null ? r : rng.nextBoolean() ? restartInFamily(rng) : restartLightLocal(rng);
    }

    /**
     * The light-local decider with drawn parameters: a decode pod light below 1 to 128 running
     * requests and prompts of up to 64 to 8,192 uncached tokens prefilled there (both log-uniform),
     * the router's 16-token threshold otherwise.
     */
    public static Mutations.Result restartLightLocal(RandomGenerator rng) {
        long local = Math.round(Math.exp(rng.nextDouble() * Math.log(128)));
        long max = Math.round(Math.exp(Math.log(64) + rng.nextDouble() * Math.log(8192.0 / 64)));
        String ref = String.format(Locale.ROOT, "light-local-pd:minUncached=16,localBelowRunning=%d,maxLocalUncached=%d", local, max);
        return new Mutations.Result(PolicyRegistry.builtin().source(ref), "restart-in-family",
                "a light decode pod (fewer than " + local + " running, none queued) prefills prompts with fewer than " + max
                        + " uncached tokens itself", Double.NaN);
    }

    /**
     * The threshold decider with drawn parameters: 16 to 8,192 uncached tokens before a prompt goes to a
     * prefill pod (log-uniform), and a decode pod light below 0 to 256 running requests (0 half the
     * time: load ignored), so restarts span the router's rule to a size-and-load split.
     */
    public static Mutations.Result restartInFamily(RandomGenerator rng) {
        long min = Math.round(Math.exp(Math.log(16) + rng.nextDouble() * Math.log(8192.0 / 16)));
        long local = rng.nextBoolean() ? 0 : Math.round(Math.exp(rng.nextDouble() * Math.log(256)));
        String ref = String.format(Locale.ROOT, "threshold-pd:minUncached=%d,localBelowRunning=%d", min, local);
        return new Mutations.Result(PolicyRegistry.builtin().source(ref), "restart-in-family",
                "a size threshold: prompts with " + min + "+ uncached tokens prefill remotely"
                        + (local == 0 ? "" : ", unless the decode pod runs fewer than " + local + " and queues none"),
                Double.NaN);
    }
}
