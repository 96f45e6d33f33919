package io.nous.codegen.plug;

import io.nous.codegen.golang.proof.CallSequences;
import io.nous.codegen.golang.proof.EvictionProof;
import io.nous.codegen.golang.proof.EvictionProof.Item;
import io.nous.codegen.guard.CandidateFault;
import io.nous.sim.spi.EvictionPolicy;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.function.Supplier;

/**
 * The in-flight requests an eviction policy is asked about before it meets the simulator: pairs of
 * {@code EvictionItem}s (priority, dispatch time, payload size, SLO header) drawn near each other and
 * far apart, for the first run, the novelty signature, the archive's axes and the behaviour fingerprint.
 */
final class EvictionItems {
    private static final long SEED = 0xe71c7L;
    private static final int DRAWS = 240;
    private static final int FINGERPRINT_DRAWS = 4096;

    private EvictionItems() {
    }

    static Item draw(CallSequences.SplitMix rng, Item other) {
        return EvictionProof.draw(rng, other);
    }

    static boolean accept(EvictionPolicy p, Item a) {
        return EvictionProof.accept(p, a);
    }

    static boolean less(EvictionPolicy p, Item a, Item b) {
        return EvictionProof.less(p, a, b);
    }

    /** The first run: every drawn pair filtered and compared both ways, three times over; never less than itself. */
    static CandidateFault exercise(EvictionPolicy p) {
        try {
            for (int pass = 0; pass < 3; pass++) {
                CallSequences.SplitMix rng = new CallSequences.SplitMix(SEED);
                for (int i = 0; i < DRAWS; i++) {
                    Item a = draw(rng, null);
                    Item b = draw(rng, a);
                    accept(p, a);
                    accept(p, b);
                    less(p, a, b);
                    less(p, b, a);
                    if (less(p, a, a)) {
                        return new CandidateFault("eviction policy says a request goes before itself (" + a.describe()
                                + "); 'less' must be false for equal requests (use <, not <=)");
                    }
                }
            }
            return null;
        } catch (CandidateFault f) {
            return f;
        }
    }

    /** Per drawn pair: whether each is accepted, and which goes first (0, 1, 2). */
    static double[] signature(EvictionPolicy p) {
        CallSequences.SplitMix rng = new CallSequences.SplitMix(SEED);
        double[] out = new double[2 * DRAWS];
        for (int i = 0; i < DRAWS; i++) {
            Item a = draw(rng, null);
            Item b = draw(rng, a);
            boolean ab = less(p, a, b);
            boolean ba = less(p, b, a);
            out[2 * i] = (accept(p, a) ? 1 : 0) + (accept(p, b) ? 2 : 0);
            out[2 * i + 1] = ab == ba ? 1 : ab ? 0 : 2;
        }
        return out;
    }

    /**
     * Two shares in [0, 1] to two decimals: how many of 64 drawn requests the filter accepts, and how
     * often, of two accepted ones of one priority, the newer dispatch goes first (the router's pair: always).
     */
    static double[] axes(EvictionPolicy p) {
        CallSequences.SplitMix rng = new CallSequences.SplitMix(SEED + 1);
        int accepted = 0;
        int newer = 0;
        int pairs = 0;
        for (int i = 0; i < 64; i++) {
            Item a = draw(rng, null);
            accepted += accept(p, a) ? 1 : 0;
            long t = 1_000_000L * (1 + rng.below(3_600));
            Item x = new Item(-1, t + rng.below(10_000_000), 256 + 4L * rng.below(8_000), -1);
            Item y = new Item(-1, t + rng.below(10_000_000), 256 + 4L * rng.below(8_000), -1);
            if (x.dispatchUs() == y.dispatchUs()) {
                continue;
            }
            pairs++;
            boolean xy = less(p, x, y);
            boolean yx = less(p, y, x);
            boolean xFirst = xy != yx ? xy : x.dispatchUs() > y.dispatchUs();
            newer += xFirst == (x.dispatchUs() > y.dispatchUs()) ? 1 : 0;
        }
        return new double[] {Math.round(100.0 * accepted / 64) / 100.0, pairs == 0 ? 0 : Math.round(100.0 * newer / pairs) / 100.0};
    }

    /** A digest of filter and order answers over many drawn pairs, twice on one instance and once on a fresh one. */
    static String fingerprint(Supplier<EvictionPolicy> fresh) {
        MessageDigest md = Probes.sha256();
        EvictionPolicy carried = fresh.get();
        for (EvictionPolicy p : new EvictionPolicy[] {carried, carried, fresh.get()}) {
            CallSequences.SplitMix rng = new CallSequences.SplitMix(SEED);
            for (int i = 0; i < FINGERPRINT_DRAWS; i++) {
                Item a = draw(rng, null);
                Item b = draw(rng, a);
                md.update((byte) ((less(p, a, b) ? 1 : 0) | (less(p, b, a) ? 2 : 0) | (accept(p, a) ? 4 : 0) | (accept(p, b) ? 8 : 0)));
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }
}
