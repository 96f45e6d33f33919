package io.nous.codegen.plug;

import io.nous.codegen.golang.proof.CallSequences;
import io.nous.codegen.golang.proof.ScalingProof;
import io.nous.codegen.guard.CandidateFault;
import io.nous.sim.spi.ScalingPolicy;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.function.Supplier;

/**
 * The pools a scaling policy is asked about before it meets the simulator: 1 to 64 ready pods, some
 * starting, the router's saturation from idle to far past 1, KV-cache use from empty to full, pod
 * queues and flow-control queues from none to thousands, at decisions 15 s apart, in sequences of 40
 * decisions on one policy state, so a policy's memory is exercised as the pool keeps it.
 */
final class PoolSignals {
    private static final long SEED = 0x5ca1eL;
    private static final int SEQUENCES = 16;

    private PoolSignals() {
    }

    @FunctionalInterface
    private interface Answer {
        void decided(ScalingProof.Pool pool, int desired);
    }

    private static void ask(ScalingPolicy p, Answer answer) {
        CallSequences.SplitMix rng = new CallSequences.SplitMix(SEED);
        for (int s = 0; s < SEQUENCES; s++) {
            long[] state = new long[ScalingPolicy.STATE_SIZE];
            for (int k = 0; k < ScalingProof.DECISIONS; k++) {
                ScalingProof.Pool pool = ScalingProof.draw(rng, k);
                answer.decided(pool, ScalingProof.ask(p, pool, state));
            }
        }
    }

    /** The first run over every sequence: the first fault, or null (any size is an answer: the pool clamps it to its bounds). */
    static CandidateFault exercise(ScalingPolicy p) {
        try {
            ask(p, (pool, d) -> { });
            return null;
        } catch (CandidateFault f) {
            return f;
        }
    }

    /** Each decision's change of the pool, pods asked for minus pods held (the novelty signature). */
    static double[] signature(ScalingPolicy p) {
        double[] out = new double[SEQUENCES * ScalingProof.DECISIONS];
        int[] at = {0};
        ask(p, (pool, d) -> out[at[0]++] = Math.max(-64, Math.min(64, (long) d - pool.ready() - pool.starting())));
        return out;
    }

    /**
     * Two axes, shares in [0, 1] to two decimals: how often it grows the pool when requests wait
     * (in pod or router queues) and nothing is starting, and how often it shrinks it when nothing waits
     * and KV use is below half.
     */
    static double[] axes(ScalingPolicy p) {
        int[] grows = new int[2];
        int[] shrinks = new int[2];
        ask(p, (pool, d) -> {
            int held = pool.ready() + pool.starting();
            if (pool.starting() == 0 && pool.waiting() + pool.queued() > 0) {
                grows[1]++;
                grows[0] += d > held ? 1 : 0;
            } else if (pool.waiting() + pool.queued() == 0 && pool.kv() < 0.5) {
                shrinks[1]++;
                shrinks[0] += d < held ? 1 : 0;
            }
        });
        return new double[] {share(grows), share(shrinks)};
    }

    private static double share(int[] counts) {
        return counts[1] == 0 ? 0 : Math.round(100.0 * counts[0] / counts[1]) / 100.0;
    }

    /** A digest of every decision, twice on one instance and once on a fresh one. */
    static String fingerprint(Supplier<ScalingPolicy> fresh) {
        MessageDigest md = Probes.sha256();
        ScalingPolicy carried = fresh.get();
        for (ScalingPolicy p : new ScalingPolicy[] {carried, carried, fresh.get()}) {
            ask(p, (pool, d) -> {
                md.update((byte) d);
                md.update((byte) (d >>> 8));
                md.update((byte) (d >>> 16));
                md.update((byte) (d >>> 24));
            });
        }
        return HexFormat.of().formatHex(md.digest());
    }
}
