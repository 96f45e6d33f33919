package io.nous.codegen.golang.proof;

import io.nous.sim.spi.SaturationDetector;
import java.util.Arrays;
import java.util.Locale;

/**
 * The pool states a saturation detector's proof asks about, drawn from one SplitMix64 stream the
 * same way in Java and in the exported Go test ({@code saturation/equivalence_test.go}): pools of
 * 0 to 16 endpoints whose scrapes are fresh, old, stale or missing, queues and KV use from idle to
 * overloaded, and the router's in-flight counts ahead of and behind what the scrape shows. Only
 * integer draws and exact scalings are used, so both languages draw the same numbers.
 */
public final class PoolDraws {
    /** Endpoint counts drawn: an empty pool and pools of 1 to 16. */
    static final int[] SIZES = {0, 1, 2, 3, 8, 16};
    /** Metrics ages drawn for a stale scrape start here (µs), past every threshold the router ships. */
    public static final long STALE_FROM_US = 200_001;

    /** How a detector sequence's pool states are drawn. */
    public enum Kind {
        /** States a real pool can be in. */
        RANDOM,
        /** Two endpoints: waiting 0 to 10, KV use 0 to 1 in tenths, in-flight requests 0 to 16, fresh scrapes. */
        GRID,
        /** A realistic state with each input an edge value a quarter of the time (zeros, NaN, the extremes of each type). */
        SPECIAL,
        /** One realistic state for the whole sequence: a stateful detector's every call. */
        HOLD;

        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** One call's inputs, in the order of {@link SaturationDetector#saturation}; arrays exactly {@code endpoints} long. */
    public record PoolState(int endpoints, int[] waiting, int[] running, double[] kvUsage, long[] metricsAgeUs, int[] inFlightRequests,
                            long[] inFlightTokens) {
        /** What {@code d} answers for this state (on copies: a detector may not keep or change the arrays it is given). */
        public double askedOf(SaturationDetector d) {
            return d.saturation(endpoints, waiting.clone(), running.clone(), kvUsage.clone(), metricsAgeUs.clone(), inFlightRequests.clone(),
                    inFlightTokens.clone());
        }

        /** The state in words, endpoint by endpoint, for a mismatch message. */
        public String describe() {
            if (endpoints == 0) {
                return "an empty pool";
            }
            StringBuilder sb = new StringBuilder(endpoints + " endpoint" + (endpoints > 1 ? "s" : "") + ": ");
            for (int i = 0; i < endpoints; i++) {
                sb.append(i > 0 ? "; " : "").append("waiting ").append(waiting[i]).append(", running ").append(running[i]).append(", kv ")
                        .append(kvUsage[i]).append(", metrics ").append(metricsAgeUs[i] == Long.MAX_VALUE ? "never scraped"
                                : metricsAgeUs[i] + " us old").append(", in flight ").append(inFlightRequests[i]).append(" requests / ")
                        .append(inFlightTokens[i]).append(" tokens");
            }
            return sb.toString();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof PoolState p && endpoints == p.endpoints && Arrays.equals(waiting, p.waiting) && Arrays.equals(running, p.running)
                    && Arrays.equals(kvUsage, p.kvUsage) && Arrays.equals(metricsAgeUs, p.metricsAgeUs)
                    && Arrays.equals(inFlightRequests, p.inFlightRequests) && Arrays.equals(inFlightTokens, p.inFlightTokens);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(waiting) * 31 + endpoints;
        }
    }

    private final Kind kind;
    private final CallSequences.SplitMix rng;
    private final PoolState held;
    private int k;

    public PoolDraws(Kind kind, long seed) {
        this.kind = kind;
        this.rng = new CallSequences.SplitMix(seed);
        this.held = kind == Kind.HOLD ? realistic() : null;
    }

    /** The next call's state. */
    public PoolState next() {
        return switch (kind) {
            case RANDOM -> realistic();
            case GRID -> grid();
            case SPECIAL -> special(realistic());
            case HOLD -> held;
        };
    }

    private PoolState realistic() {
        int n = SIZES[rng.below(SIZES.length)];
        PoolState p = empty(n);
        for (int i = 0; i < n; i++) {
            p.running[i] = rng.below(4) == 0 ? 0 : 1 + rng.below(128);
            p.waiting[i] = rng.below(3) == 0 ? 0 : rng.below(200);
            p.kvUsage[i] = rng.below(5) == 0 ? 0.0 : rng.uniform();
            p.metricsAgeUs[i] = switch (rng.below(6)) {
                case 0 -> Long.MAX_VALUE;
                case 1 -> STALE_FROM_US + rng.below(2_000_000);
                default -> rng.below(200_001);
            };
            p.inFlightRequests[i] = Math.max(0, p.waiting[i] + p.running[i] + rng.below(41) - 8);
            p.inFlightTokens[i] = rng.below(3) == 0 ? 0 : rng.below(200_000);
        }
        return p;
    }

    private PoolState grid() {
        PoolState p = empty(2);
        int waiting = k % 11;
        int kv = (k / 11) % 11;
        int requests = (k / 121) % 17;
        k++;
        for (int i = 0; i < 2; i++) {
            p.waiting[i] = i == 0 ? waiting : waiting / 2;
            p.kvUsage[i] = kv / 10.0;
            p.running[i] = requests;
            p.inFlightRequests[i] = requests + p.waiting[i];
            p.inFlightTokens[i] = requests * 1024L;
            p.metricsAgeUs[i] = 10_000;
        }
        return p;
    }

    private PoolState special(PoolState p) {
        for (int i = 0; i < p.endpoints; i++) {
            p.waiting[i] = orInt(p.waiting[i]);
            p.running[i] = orInt(p.running[i]);
            p.kvUsage[i] = rng.below(4) == 0 ? CallSequences.SPECIALS[rng.below(CallSequences.SPECIALS.length)] : p.kvUsage[i];
            p.metricsAgeUs[i] = orLong(p.metricsAgeUs[i]);
            p.inFlightRequests[i] = orInt(p.inFlightRequests[i]);
            p.inFlightTokens[i] = orLong(p.inFlightTokens[i]);
        }
        return p;
    }

    private int orInt(int v) {
        return rng.below(4) == 0 ? CallSequences.INT_SPECIALS[rng.below(CallSequences.INT_SPECIALS.length)] : v;
    }

    private long orLong(long v) {
        return rng.below(4) == 0 ? CallSequences.LONG_SPECIALS[rng.below(CallSequences.LONG_SPECIALS.length)] : v;
    }

    static PoolState empty(int n) {
        return new PoolState(n, new int[n], new int[n], new double[n], new long[n], new int[n], new long[n]);
    }
}
