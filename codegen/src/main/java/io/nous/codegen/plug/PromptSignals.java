package io.nous.codegen.plug;

import io.nous.codegen.golang.proof.CallSequences;
import io.nous.codegen.golang.proof.DeciderProof;
import io.nous.codegen.guard.CandidateFault;
import io.nous.sim.spi.DisaggregationDecider;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.function.Supplier;

/**
 * The requests a P/D decider is asked about before it meets the simulator: 640 questions drawn as its
 * export's proof draws them ({@link DeciderProof#draw}: prompts of 1 to 32,768 tokens, none to all of
 * them cached on the decode pod, decode pods from idle to a full KV cache with thousands queued).
 */
final class PromptSignals {
    private static final long SEED = 0xd15a99L;
    private static final int QUESTIONS = 640;

    private PromptSignals() {
    }

    @FunctionalInterface
    interface Answer {
        void decided(DeciderProof.Input q, boolean disaggregate);
    }

    static void ask(DisaggregationDecider d, Answer answer) {
        CallSequences.SplitMix rng = new CallSequences.SplitMix(SEED);
        for (int k = 0; k < QUESTIONS; k++) {
            DeciderProof.Input q = DeciderProof.draw(rng);
            answer.decided(q, DeciderProof.ask(d, q));
        }
    }

    /** The first run over every question: the first fault, or null. */
    static CandidateFault exercise(DisaggregationDecider d) {
        try {
            ask(d, (q, yes) -> { });
            return null;
        } catch (CandidateFault f) {
            return f;
        }
    }

    /** Each answer as 1 (prefill remotely) or 0 (the novelty signature). */
    static double[] signature(DisaggregationDecider d) {
        double[] out = new double[QUESTIONS];
        int[] at = {0};
        ask(d, (q, yes) -> out[at[0]++] = yes ? 1 : 0);
        return out;
    }

    /**
     * Two axes, shares in [0, 1] to two decimals: how often it disaggregates a prompt with at least
     * 1,024 uncached tokens, and how often it does so for a decode pod with nothing queued and fewer than
     * 32 running.
     */
    static double[] axes(DisaggregationDecider d) {
        int[] longPrompts = new int[2];
        int[] lightPods = new int[2];
        ask(d, (q, yes) -> {
            if (q.prompt() - q.cached() >= 1024) {
                longPrompts[1]++;
                longPrompts[0] += yes ? 1 : 0;
            }
            if (q.waiting() == 0 && q.running() < 32) {
                lightPods[1]++;
                lightPods[0] += yes ? 1 : 0;
            }
        });
        return new double[] {share(longPrompts), share(lightPods)};
    }

    private static double share(int[] counts) {
        return counts[1] == 0 ? 0 : Math.round(100.0 * counts[0] / counts[1]) / 100.0;
    }

    /** A digest of every answer, twice on one instance and once on a fresh one. */
    static String fingerprint(Supplier<DisaggregationDecider> fresh) {
        MessageDigest md = Probes.sha256();
        DisaggregationDecider carried = fresh.get();
        for (DisaggregationDecider d : new DisaggregationDecider[] {carried, carried, fresh.get()}) {
            ask(d, (q, yes) -> md.update((byte) (yes ? 1 : 0)));
        }
        return HexFormat.of().formatHex(md.digest());
    }
}
