package io.nous.codegen.plug;

import io.nous.codegen.golang.proof.CallSequences;
import io.nous.codegen.golang.proof.QueueItems;
import io.nous.codegen.guard.CandidateFault;
import io.nous.sim.spi.FairnessPolicy;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.function.Supplier;

/**
 * The bands a fairness policy is asked about before it meets the simulator: 1 to 64 flows that hold
 * requests, with drawn ids, queue lengths (one request to thousands), their next requests' ranks,
 * enqueue times, sizes and SLO headers (drawn as the ordering proof draws queue items), asked in
 * sequences of 32 picks on one band state so that a policy's state is exercised as the band keeps it.
 */
final class BandStates {
    private static final long SEED = 0xfa1e5L;
    private static final int[] SIZES = {1, 2, 3, 5, 16, 64};
    private static final int SEQUENCES = 24;
    private static final int PICKS = 32;

    private final int[] ids = new int[64];
    private final int[] queued = new int[64];
    private final int[] rank = new int[64];
    private final long[] enqueue = new long[64];
    private final long[] bytes = new long[64];
    private final long[] slo = new long[64];

    private BandStates() {
    }

    /** Every pick of every sequence, its answer passed to {@code answer} (sequence, flows, pick). */
    private static void ask(FairnessPolicy p, Answer answer) {
        BandStates b = new BandStates();
        CallSequences.SplitMix rng = new CallSequences.SplitMix(SEED);
        for (int s = 0; s < SEQUENCES; s++) {
            long[] state = new long[FairnessPolicy.STATE_SIZE];
            for (int k = 0; k < PICKS; k++) {
                int n = SIZES[rng.below(SIZES.length)];
                b.draw(rng, n);
                answer.pick(s, n, p.pick(n, b.ids, b.queued, b.rank, b.enqueue, b.bytes, b.slo, state), b);
            }
        }
    }

    @FunctionalInterface
    private interface Answer {
        void pick(int sequence, int flows, int pick, BandStates band);
    }

    /** The first run: every pick an index of a flow that holds requests; the first fault, or null. */
    static CandidateFault exercise(FairnessPolicy p) {
        CandidateFault[] fault = new CandidateFault[1];
        try {
            ask(p, (s, n, i, b) -> {
                if (fault[0] == null && (i < 0 || i >= n)) {
                    fault[0] = new CandidateFault("fairness policy picked flow " + i + " of " + n + "; a pick is an index in [0, " + n + ")");
                }
            });
        } catch (CandidateFault f) {
            return f;
        }
        return fault[0];
    }

    /** Each pick's index (the novelty signature). */
    static double[] signature(FairnessPolicy p) {
        double[] out = new double[SEQUENCES * PICKS];
        int[] at = {0};
        ask(p, (s, n, i, b) -> out[at[0]++] = i);
        return out;
    }

    /**
     * Two axes, shares in [0, 1] to two decimals: how often it picks the flow whose next request the
     * ordering puts first (global-strict always), and how often it picks the flow holding the most
     * requests (what a policy that drains the heaviest tenant does).
     */
    static double[] axes(FairnessPolicy p) {
        int[] first = {0};
        int[] longest = {0};
        int[] asked = {0};
        ask(p, (s, n, i, b) -> {
            asked[0]++;
            first[0] += b.rank[i] == 0 ? 1 : 0;
            int max = 0;
            for (int j = 0; j < n; j++) {
                max = Math.max(max, b.queued[j]);
            }
            longest[0] += b.queued[i] == max ? 1 : 0;
        });
        return new double[] {Math.round(100.0 * first[0] / asked[0]) / 100.0, Math.round(100.0 * longest[0] / asked[0]) / 100.0};
    }

    /** A digest of every pick, on a fresh instance twice. */
    static String fingerprint(Supplier<FairnessPolicy> fresh) {
        MessageDigest md = Probes.sha256();
        for (int k = 0; k < 2; k++) {
            ask(fresh.get(), (s, n, i, b) -> md.update((byte) i));
        }
        return HexFormat.of().formatHex(md.digest());
    }

    /** A band of {@code n} flows: ascending ids, queues from one request to thousands, ranks a permutation of 0..n-1. */
    private void draw(CallSequences.SplitMix rng, int n) {
        int id = rng.below(4);
        QueueItems.Item last = null;
        for (int i = 0; i < n; i++) {
            ids[i] = id;
            id += 1 + rng.below(3);
            queued[i] = rng.below(4) == 0 ? 1 : 1 + (int) Math.exp(rng.uniform() * Math.log(5_000));
            QueueItems.Item head = QueueItems.draw(rng, last);
            enqueue[i] = head.enqueueUs();
            bytes[i] = head.bytes();
            slo[i] = head.sloTtftMs();
            rank[i] = i;
            last = head;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rng.below(i + 1);
            int t = rank[i];
            rank[i] = rank[j];
            rank[j] = t;
        }
    }
}
