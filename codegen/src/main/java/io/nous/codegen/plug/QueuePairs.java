package io.nous.codegen.plug;

import io.nous.codegen.golang.proof.CallSequences;
import io.nous.codegen.golang.proof.QueueItems;
import io.nous.codegen.guard.CandidateFault;
import io.nous.sim.spi.OrderingPolicy;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.function.Supplier;

/**
 * The pairs of queue items an ordering policy is asked about before it meets the simulator: drawn
 * as the equivalence proof draws them ({@link QueueItems}), for the first run, the novelty
 * signature and the behaviour fingerprint; and two structured sets for the archive's axes.
 */
final class QueuePairs {
    private static final long SEED = 0x0bde7L;
    private static final int DRAWS = 240;
    /**
     * Pairs the fingerprint asks about: many more than the signature, since two orderings of one
     * family (deadlines a few seconds apart) part only on pairs enqueued close together.
     */
    private static final int FINGERPRINT_DRAWS = 4096;

    private QueuePairs() {
    }

    /**
     * The first run: every drawn pair asked both ways, three times over; an item is never less than
     * itself (a heap ordered by a reflexive "less" keeps no order among equals). The first fault, or null.
     */
    static CandidateFault exercise(OrderingPolicy p) {
        try {
            for (int pass = 0; pass < 3; pass++) {
                CallSequences.SplitMix rng = new CallSequences.SplitMix(SEED);
                for (int i = 0; i < DRAWS; i++) {
                    QueueItems.Item a = QueueItems.draw(rng, null);
                    QueueItems.Item b = QueueItems.draw(rng, a);
                    QueueItems.less(p, a, b);
                    QueueItems.less(p, b, a);
                    if (QueueItems.less(p, a, a)) {
                        return new CandidateFault("ordering policy says a request dispatches before itself (" + a.describe()
                                + "); 'less' must be false for equal requests (use <, not <=)");
                    }
                }
            }
            return null;
        } catch (CandidateFault f) {
            return f;
        }
    }

    /** Each drawn pair's answers both ways (0, 1 or 2 for a before b, neither, b before a): the novelty signature. */
    static double[] signature(OrderingPolicy p) {
        CallSequences.SplitMix rng = new CallSequences.SplitMix(SEED);
        double[] out = new double[DRAWS];
        for (int i = 0; i < DRAWS; i++) {
            QueueItems.Item a = QueueItems.draw(rng, null);
            QueueItems.Item b = QueueItems.draw(rng, a);
            boolean ab = QueueItems.less(p, a, b);
            boolean ba = QueueItems.less(p, b, a);
            out[i] = ab == ba ? 1 : ab ? 0 : 2;
        }
        return out;
    }

    /**
     * Two axes, each a share in [0, 1] to two decimals: how often the smaller of two requests
     * enqueued up to a second apart goes first (FCFS about half the time; shortest-first always),
     * and how often, of two requests with SLO headers, the one whose SLO deadline comes first goes
     * first (FCFS when arrival order agrees; SLO-deadline always).
     */
    static double[] axes(OrderingPolicy p) {
        CallSequences.SplitMix rng = new CallSequences.SplitMix(SEED + 1);
        int smaller = 0;
        int earlier = 0;
        int n = 64;
        for (int i = 0; i < n; i++) {
            long t = 1_000_000L * (1 + rng.below(3_600));
            long ta = t + rng.below(1_000_000);
            long tb = t + rng.below(1_000_000);
            long ba = 256 + 4L * (1 + rng.below(8_000));
            long bb = ba + 4L * (1 + rng.below(8_000));
            if (rng.below(2) == 0) {
                long swap = ba;
                ba = bb;
                bb = swap;
            }
            boolean aFirst = first(p.less(ta, QueueItems.DEFAULT_TTL_US, -1, ba, tb, QueueItems.DEFAULT_TTL_US, -1, bb),
                    p.less(tb, QueueItems.DEFAULT_TTL_US, -1, bb, ta, QueueItems.DEFAULT_TTL_US, -1, ba), ta <= tb);
            smaller += aFirst == (ba < bb) ? 1 : 0;
            long sa = 100 + rng.below(5_000);
            long sb = 100 + rng.below(5_000);
            if (ta + sa * 1000 == tb + sb * 1000) {
                sb++;
            }
            boolean sloFirst = first(p.less(ta, QueueItems.DEFAULT_TTL_US, sa, ba, tb, QueueItems.DEFAULT_TTL_US, sb, bb),
                    p.less(tb, QueueItems.DEFAULT_TTL_US, sb, bb, ta, QueueItems.DEFAULT_TTL_US, sa, ba), ta <= tb);
            earlier += sloFirst == (ta + sa * 1000 < tb + sb * 1000) ? 1 : 0;
        }
        return new double[] {Math.round(100.0 * smaller / n) / 100.0, Math.round(100.0 * earlier / n) / 100.0};
    }

    /** Whether a goes first as the simulator's band decides: by the policy where it prefers one, else by arrival. */
    private static boolean first(boolean ab, boolean ba, boolean aArrivedFirst) {
        return ab != ba ? ab : aArrivedFirst;
    }

    /** A digest of the answers over {@link #FINGERPRINT_DRAWS} drawn pairs, twice on one instance and once on a fresh one. */
    static String fingerprint(Supplier<OrderingPolicy> fresh) {
        MessageDigest md = Probes.sha256();
        OrderingPolicy carried = fresh.get();
        for (OrderingPolicy p : new OrderingPolicy[] {carried, carried, fresh.get()}) {
            CallSequences.SplitMix rng = new CallSequences.SplitMix(SEED);
            for (int i = 0; i < FINGERPRINT_DRAWS; i++) {
                QueueItems.Item a = QueueItems.draw(rng, null);
                QueueItems.Item b = QueueItems.draw(rng, a);
                md.update((byte) ((QueueItems.less(p, a, b) ? 1 : 0) | (QueueItems.less(p, b, a) ? 2 : 0)));
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }
}
