package io.nous.codegen.plug;

import io.nous.codegen.guard.CandidateFault;
import io.nous.sim.spi.SaturationDetector;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * The pool states a saturation detector is asked about before it meets the simulator: from idle to
 * overloaded, from fresh to stale and missing scrapes, with the router's in-flight counts ahead of
 * and behind what the scrape shows. One fixed grid (and seeded draws) for the first run, the novelty
 * signature, the archive's axes and the behaviour fingerprint.
 */
final class PoolStates {
    /** Endpoint counts asked about: an empty pool and pools of 1 to 16. */
    static final int[] SIZES = {0, 1, 2, 3, 8, 16};
    private static final long SEED = 0x5a70d37L;
    private static final int DRAWS = 240;

    private final int[] waiting = new int[16];
    private final int[] running = new int[16];
    private final double[] kv = new double[16];
    private final long[] age = new long[16];
    private final int[] requests = new int[16];
    private final long[] tokens = new long[16];

    private PoolStates() {
    }

    /** The first run: every answer finite and not negative; the first fault, or null. */
    static CandidateFault exercise(SaturationDetector d) {
        try {
            PoolStates p = new PoolStates();
            for (int pass = 0; pass < 3; pass++) {
                SplittableRandom r = new SplittableRandom(SEED);
                for (int i = 0; i < DRAWS; i++) {
                    int n = SIZES[i % SIZES.length];
                    p.draw(r, n);
                    double s = d.saturation(n, p.waiting, p.running, p.kv, p.age, p.requests, p.tokens);
                    if (!(s >= 0) || Double.isInfinite(s)) {
                        return new CandidateFault("saturation detector returned " + s + " for " + n + " endpoints" + p.describe(n)
                                + "; a saturation is finite and not negative");
                    }
                }
            }
            return null;
        } catch (CandidateFault f) {
            return f;
        }
    }

    /** The saturation on each drawn state, clamped to [0, 2] (past 2 every band is held alike): the novelty signature. */
    static double[] signature(SaturationDetector d) {
        PoolStates p = new PoolStates();
        SplittableRandom r = new SplittableRandom(SEED);
        double[] out = new double[DRAWS];
        for (int i = 0; i < DRAWS; i++) {
            int n = SIZES[i % SIZES.length];
            p.draw(r, n);
            out[i] = Math.max(0, Math.min(2, d.saturation(n, p.waiting, p.running, p.kv, p.age, p.requests, p.tokens)));
        }
        return out;
    }

    /**
     * Two axes: the saturation of two fresh endpoints that show 5 waiting requests each (what the
     * utilization detector calls saturated), and of two that the scrape shows idle while the router
     * has 8 requests in flight to each (how much it trusts its own count over a lagging scrape);
     * clamped to [0, 2], to two decimals.
     */
    static double[] axes(SaturationDetector d) {
        double seen = d.saturation(2, new int[] {5, 5}, new int[] {4, 4}, new double[] {0.3, 0.3}, new long[] {10_000, 10_000},
                new int[] {9, 9}, new long[] {0, 0});
        double unseen = d.saturation(2, new int[] {0, 0}, new int[] {0, 0}, new double[] {0, 0}, new long[] {10_000, 10_000},
                new int[] {8, 8}, new long[] {32_000, 32_000});
        return new double[] {round(seen), round(unseen)};
    }

    /** A digest of the answers' bits over the drawn states, twice on one instance and once on a fresh one. */
    static String fingerprint(Supplier<SaturationDetector> fresh) {
        MessageDigest md = Probes.sha256();
        SaturationDetector carried = fresh.get();
        for (SaturationDetector d : new SaturationDetector[] {carried, carried, fresh.get()}) {
            PoolStates p = new PoolStates();
            SplittableRandom r = new SplittableRandom(SEED);
            for (int i = 0; i < DRAWS; i++) {
                int n = SIZES[i % SIZES.length];
                p.draw(r, n);
                long bits = Double.doubleToLongBits(d.saturation(n, p.waiting, p.running, p.kv, p.age, p.requests, p.tokens));
                for (int b = 0; b < 8; b++) {
                    md.update((byte) (bits >>> (8 * b)));
                }
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }

    private static double round(double s) {
        return Math.round(Math.max(0, Math.min(2, s)) * 100) / 100.0;
    }

    /** One pool state: queues and KV from idle to overloaded, scrapes fresh, old, stale or missing, in-flight counts around them. */
    private void draw(SplittableRandom r, int n) {
        for (int i = 0; i < n; i++) {
            running[i] = r.nextInt(4) == 0 ? 0 : r.nextInt(1, 129);
            waiting[i] = r.nextInt(3) == 0 ? 0 : (int) Math.exp(r.nextDouble() * Math.log(200));
            kv[i] = r.nextInt(5) == 0 ? 0 : r.nextDouble();
            age[i] = switch (r.nextInt(6)) {
                case 0 -> Long.MAX_VALUE;
                case 1 -> 200_001 + r.nextInt(2_000_000);
                default -> r.nextInt(200_001);
            };
            int visible = waiting[i] + running[i];
            requests[i] = Math.max(0, visible + r.nextInt(-8, 33));
            tokens[i] = r.nextInt(3) == 0 ? 0 : (long) Math.exp(r.nextDouble() * Math.log(200_000));
        }
    }

    private String describe(int n) {
        if (n == 0) {
            return "";
        }
        return " (endpoint 0: " + waiting[0] + " waiting, " + running[0] + " running, KV " + kv[0] + ", metrics "
                + (age[0] == Long.MAX_VALUE ? "never scraped" : age[0] + " us old") + ", " + requests[0] + " requests and " + tokens[0]
                + " tokens in flight)";
    }
}
