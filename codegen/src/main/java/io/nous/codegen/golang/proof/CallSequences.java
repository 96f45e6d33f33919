package io.nous.codegen.golang.proof;

/**
 * The inputs of the equivalence proof, generated the same way in Java and in the exported Go test
 * (whose twin of this class is in the packages' {@code equivalence_test.go} templates): a SplitMix64 stream per sequence,
 * turned into saturations, pool states, priorities and draws by IEEE operations that round alike in
 * both languages. Nothing here reads the clock or a shared random source.
 */
public final class CallSequences {
    private CallSequences() {
    }

    /** SplitMix64 (Steele, Lea and Flood 2014), as the Go test computes it. */
    public static final class SplitMix {
        private long state;

        public SplitMix(long seed) {
            state = seed;
        }

        public long next() {
            state += 0x9e3779b97f4a7c15L;
            long z = state;
            z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
            z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
            return z ^ (z >>> 31);
        }

        /** A uniform double in [0, 1): the top 53 bits, scaled exactly. */
        public double uniform() {
            return (next() >>> 11) * 0x1p-53;
        }

        /** A uniform int in [0, n). */
        public int below(int n) {
            return (int) Long.remainderUnsigned(next(), n);
        }

        /** An edge value a quarter of the time, else uniform in [0, 3): the Go test's {@code special()}. */
        public double special() {
            return below(4) == 0 ? SPECIALS[below(SPECIALS.length)] : uniform() * 3;
        }
    }

    /** Values at the edges of what a policy can be asked: zeros of both signs, NaN, infinity, the neighbours of 0.5 and 1. */
    static final double[] SPECIALS = {-0.0, 0.0, Double.NaN, Double.POSITIVE_INFINITY, 1.0, Math.nextDown(1.0), Math.nextUp(1.0), 0.5,
        Math.nextDown(0.5), Double.MIN_VALUE, Double.MIN_NORMAL, 1e-300, 2.0, 100.0, 1e6};

    /** How a usage-limit sequence's saturation moves from call to call. */
    public enum Saturations {
        /** 0 to 1.5 in thousandths, over and over. */
        GRID,
        /** Uniform in [0, 1.5). */
        RANDOM,
        /** A random walk in [0, 1.6], as a real pool's saturation moves. */
        WALK,
        /** The edge values above a quarter of the time, else uniform in [0, 3). */
        SPECIAL,
        /** One value for the whole sequence: a counter's every cycle. */
        HOLD;

        public String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** The saturation at each call of one sequence. */
    static final class SaturationStream {
        private final Saturations kind;
        private final double hold;
        private final SplitMix rng;
        private int k;
        private double walk = 0.5;

        SaturationStream(Saturations kind, double hold, long seed) {
            this.kind = kind;
            this.hold = hold;
            this.rng = new SplitMix(seed);
        }

        double next() {
            return switch (kind) {
                case GRID -> (k++ % 1501) / 1000.0;
                case RANDOM -> rng.uniform() * 1.5;
                case WALK -> {
                    walk += (rng.uniform() - 0.5) * 0.05;
                    if (walk < 0) {
                        walk = -walk;
                    }
                    if (walk > 1.6) {
                        walk = 3.2 - walk;
                    }
                    yield walk;
                }
                case SPECIAL -> rng.special();
                case HOLD -> hold;
            };
        }
    }

    /** How an admission sequence's pool states are drawn. */
    public enum PoolStates {
        /** Saturation, queue and KV terms uniform and independent. */
        RANDOM,
        /** Saturation 0 to 1.5 in hundredths, its terms together, the queue alone and the KV cache alone in turn. */
        GRID,
        /** Each value an edge value a quarter of the time, else uniform in [0, 3). */
        SPECIAL,
        /** One pool state for the whole sequence. */
        HOLD;

        public String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** One admission call's inputs. */
    public record AdmissionCall(int priority, double saturation, double queue, double kv, double u) {
    }

    /** The inputs of each call of one admission sequence. */
    static final class AdmissionStream {
        private final PoolStates kind;
        private final double hold;
        private final SplitMix rng;
        private int k;

        AdmissionStream(PoolStates kind, double hold, long seed) {
            this.kind = kind;
            this.hold = hold;
            this.rng = new SplitMix(seed);
        }

        AdmissionCall next() {
            int priority = rng.below(7) - 3;
            double s;
            double q;
            double kv;
            switch (kind) {
                case RANDOM -> {
                    s = rng.uniform() * 1.5;
                    q = rng.uniform() * 1.5;
                    kv = rng.uniform() * 1.2;
                }
                case GRID -> {
                    s = (k % 151) / 100.0;
                    int axis = (k / 151) % 3;
                    q = axis == 2 ? 0.0 : s;
                    kv = axis == 1 ? 0.0 : s;
                    k++;
                }
                case SPECIAL -> {
                    s = special();
                    q = special();
                    kv = special();
                }
                default -> {
                    s = hold;
                    q = hold;
                    kv = hold;
                }
            }
            double u = rng.below(16) == 0 ? new double[] {0.0, Math.nextDown(1.0), 0.5}[rng.below(3)] : rng.uniform();
            return new AdmissionCall(priority, s, q, kv, u);
        }

        private double special() {
            return rng.special();
        }
    }

    /** How a routing sequence's per-endpoint inputs are drawn. */
    public enum EndpointStates {
        /** What the router's producers and a scrape can really report: a prompt, its cached share, loads. */
        RANDOM,
        /** The cached share 0 to 1 in twentieths against in-flight requests 0 to 32, queues and KV use in steps. */
        GRID,
        /** A realistic state with each input an edge value a quarter of the time (zeros, NaN, extremes of each type). */
        SPECIAL,
        /** One realistic state for the whole sequence: a stateful scorer's every call. */
        HOLD;

        public String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** The integer edge values a routing input can be given, per width. */
    static final long[] LONG_SPECIALS = {0, 1, -1, Long.MAX_VALUE, Long.MIN_VALUE, 4194304, 4194305, 1L << 53, (1L << 53) + 1};
    static final int[] INT_SPECIALS = {0, 1, -1, Integer.MAX_VALUE, Integer.MIN_VALUE, 32};

    /** One routing call's inputs, in the order of {@code RoutingScorer.score}. */
    public record RoutingCall(long promptTokens, double prefixMatch, long uncachedTokens, long inFlightTokens, int inFlightRequests,
                       int maxInFlightRequests, int waiting, int running, double kvUsage) {
        /** What {@code s} scores these inputs. */
        double scoredBy(io.nous.sim.spi.RoutingScorer s) {
            return s.score(promptTokens, prefixMatch, uncachedTokens, inFlightTokens, inFlightRequests, maxInFlightRequests, waiting,
                    running, kvUsage);
        }
    }

    /** The inputs of each call of one routing sequence. */
    static final class RoutingStream {
        private final EndpointStates kind;
        private final SplitMix rng;
        private final RoutingCall held;
        private int k;

        RoutingStream(EndpointStates kind, long seed) {
            this.kind = kind;
            this.rng = new SplitMix(seed);
            this.held = kind == EndpointStates.HOLD ? realistic() : null;
        }

        RoutingCall next() {
            return switch (kind) {
                case RANDOM -> realistic();
                case GRID -> grid();
                case SPECIAL -> special(realistic());
                case HOLD -> held;
            };
        }

        /** A prompt of 1 to 16,384 tokens in 64-token blocks, a share of them cached (none, all, or some), and loads. */
        private RoutingCall realistic() {
            long prompt = 1 + rng.below(16384);
            int total = (int) ((prompt + 63) / 64);
            int match = switch (rng.below(3)) {
                case 0 -> 0;
                case 1 -> total;
                default -> rng.below(total + 1);
            };
            int requests = rng.below(65);
            int max = requests + rng.below(33);
            long tokens = rng.below(requests * 8192 + 1);
            return new RoutingCall(prompt, (double) match / total, (long) (total - match) * 64, tokens, requests, max, rng.below(33),
                    rng.below(257), rng.uniform());
        }

        private RoutingCall grid() {
            int share = k % 21;
            int requests = (k / 21) % 33;
            int step = (k / 693) % 11;
            k++;
            return new RoutingCall(4096, share / 20.0, (20 - share) * 4096L / 20, requests * 4096L, requests, 32, step % 9, requests,
                    step / 10.0);
        }

        private RoutingCall special(RoutingCall c) {
            return new RoutingCall(orLong(c.promptTokens()), orDouble(c.prefixMatch()), orLong(c.uncachedTokens()),
                    orLong(c.inFlightTokens()), orInt(c.inFlightRequests()), orInt(c.maxInFlightRequests()), orInt(c.waiting()),
                    orInt(c.running()), orDouble(c.kvUsage()));
        }

        private long orLong(long v) {
            return rng.below(4) == 0 ? LONG_SPECIALS[rng.below(LONG_SPECIALS.length)] : v;
        }

        private int orInt(int v) {
            return rng.below(4) == 0 ? INT_SPECIALS[rng.below(INT_SPECIALS.length)] : v;
        }

        private double orDouble(double v) {
            return rng.below(4) == 0 ? SPECIALS[rng.below(SPECIALS.length)] : v;
        }
    }

    /** FNV-1a over 64-bit words, byte by byte in little-endian order; NaN counts as one canonical NaN. */
    public static final class Digest {
        private static final long OFFSET = 0xcbf29ce484222325L;
        private static final long PRIME = 0x100000001b3L;
        /** The word recorded for a call that failed (Java threw, Go panicked) instead of its answers. */
        public static final long FAULT = 0x4641554c54000000L;

        private long h = OFFSET;

        public void word(long w) {
            for (int i = 0; i < 8; i++) {
                h ^= (w >>> (8 * i)) & 0xff;
                h *= PRIME;
            }
        }

        /** A call's answer and the state the policy kept after it, as the Go tests of stateful policies digest them. */
        public void answer(long answer, long[] state) {
            word(answer);
            for (long v : state) {
                word(v);
            }
        }

        public void value(double d) {
            word(Double.doubleToLongBits(d)); // canonical NaN: the sign and payload of a NaN are not the policy's to choose
        }

        public long sum() {
            return h;
        }
    }
}
