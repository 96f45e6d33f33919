package io.nous.codegen.golang.proof;


import io.nous.sim.spi.AdmissionPolicy;
import io.nous.sim.spi.RoutingScorer;
import io.nous.sim.spi.UsageLimitPolicy;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * A digest of everything a candidate answers where it is probed. First, on one instance, every answer
 * it gives in a few short simulations ({@link SimulatedStates}: the states a simulation really reaches,
 * through the very calls an evaluation makes); then, on that same instance, so whatever it counted or
 * learned there carries on, inputs drawn independently of each other; and on fresh instances the
 * equivalence proof's call sequences (a saturation grid, uniform draws, a random walk and long holds)
 * with the priorities the simulator will pass it, the proof's pool states for an admitter, or a grid of
 * endpoints for a scorer. Two candidates with the same fingerprint decided alike on all of it, so
 * discovery skips the second as a behavioural duplicate instead of simulating it again. Inputs the
 * simulator never produces (NaN, negative saturations, band counts no workload has) are left out, so a
 * branch only they reach does not make two candidates different.
 */
public final class BehaviourFingerprint {
    /** Calls of each long hold: past the periods of counters a proposal writes (every N cycles, N in the thousands). */
    static final int HOLD_CALLS = 1 << 14;
    private static final double[] HOLDS = {0.3, 0.55, 0.75, 0.95, 1.2};
    /** Calls with independently drawn inputs on the instance the simulations ran. */
    static final int INDEPENDENT_DRAWS = 4096;
    /** Passes over the recorded routing states on the carried instance: with the simulations, some 60,000 calls on one instance. */
    static final int STATE_PASSES = 12;

    private BehaviourFingerprint() {
    }

    /** The fingerprint of a usage-limit policy called with each of {@code prioritySets} (as the simulator's workloads pass them). */
    public static String usageLimit(Supplier<UsageLimitPolicy> fresh, List<int[]> prioritySets) {
        MessageDigest d = sha256();
        UsageLimitPolicy carried = fresh.get();
        SimulatedStates.usageLimit(d, carried);
        SplittableRandom draws = new SplittableRandom(SimulatedStates.SEED);
        for (int[] priorities : prioritySets) {
            double[] ceilings = new double[priorities.length];
            for (int i = 0; i < INDEPENDENT_DRAWS; i++) {
                Arrays.fill(ceilings, 1.0);
                carried.computeLimit(draws.nextDouble() * 1.25, priorities, ceilings);
                for (int b = 0; b < priorities.length; b++) {
                    word(d, Double.doubleToLongBits(ceilings[b]));
                }
            }
        }
        long seed = 7_001;
        for (int[] priorities : prioritySets) {
            word(d, priorities.length);
            for (int p : priorities) {
                word(d, p);
            }
            for (CallSequences.Saturations kind : List.of(CallSequences.Saturations.GRID, CallSequences.Saturations.RANDOM,
                    CallSequences.Saturations.WALK)) {
                usage(d, fresh, new EquivalenceProof.UsageLimitSequence(kind.name(), priorities, kind, 0, seed++,
                        kind == CallSequences.Saturations.GRID ? 3002 : EquivalenceProof.SHORT, EquivalenceProof.SHORT, null));
            }
            for (double h : HOLDS) {
                // the long holds go on the carried instance: a counter must outlast all of them, past a whole evaluation's calls
                usage(d, () -> carried, new EquivalenceProof.UsageLimitSequence("hold", priorities, CallSequences.Saturations.HOLD, h, seed++,
                        HOLD_CALLS, HOLD_CALLS, null));
            }
        }
        return HexFormat.of().formatHex(d.digest());
    }

    /** The fingerprint of an admitter over the proof's pool states (random, grid and long holds). */
    public static String admission(Supplier<AdmissionPolicy> fresh) {
        MessageDigest d = sha256();
        AdmissionPolicy carried = fresh.get();
        SimulatedStates.admission(d, carried);
        SplittableRandom draws = new SplittableRandom(SimulatedStates.SEED);
        for (int i = 0; i < INDEPENDENT_DRAWS; i++) {
            // priority, saturation and its two terms drawn apart: an admitter cannot tell these from a pool's own states by their pattern
            int priority = draws.nextInt(4) - 2;
            word(d, carried.admit(priority, draws.nextDouble() * 1.25, draws.nextDouble() * 1.25, draws.nextDouble(), draws.nextDouble()) ? 1 : 0);
        }
        long seed = 9_001;
        for (int i = 0; i < 3; i++) {
            admit(d, fresh, new EquivalenceProof.AdmissionSequence("random", CallSequences.PoolStates.RANDOM, 0, seed++, EquivalenceProof.SHORT,
                    EquivalenceProof.SHORT, null));
        }
        admit(d, fresh, new EquivalenceProof.AdmissionSequence("grid", CallSequences.PoolStates.GRID, 0, seed++, 3 * 151 * 4, 3 * 151 * 4, null));
        for (double h : HOLDS) {
            admit(d, () -> carried, new EquivalenceProof.AdmissionSequence("hold", CallSequences.PoolStates.HOLD, h, seed++, HOLD_CALLS,
                    HOLD_CALLS, null));
        }
        return HexFormat.of().formatHex(d.digest());
    }

    /**
     * The fingerprint of a routing scorer: the bits of its scores over a grid of endpoints, from idle to
     * overloaded and from cold to fully cached, for short and long prompts.
     */
    public static String routing(Supplier<RoutingScorer> fresh) {
        MessageDigest d = sha256();
        RoutingScorer carried = fresh.get();
        SimulatedStates.routing(d, carried);
        SplittableRandom draws = new SplittableRandom(SimulatedStates.SEED);
        for (int i = 0; i < INDEPENDENT_DRAWS; i++) {
            // every input drawn on its own: no input can be read off another, as none can in a simulation
            long prompt = 1 + (long) Math.exp(draws.nextDouble() * Math.log(65_536));
            double match = switch (draws.nextInt(4)) {
                case 0 -> 0;
                case 1 -> 1;
                default -> draws.nextDouble();
            };
            int inFlight = draws.nextInt(65);
            int maxInFlight = inFlight + draws.nextInt(65);
            word(d, Double.doubleToLongBits(carried.score(prompt, match, Math.round(prompt * (1 - match)),
                    draws.nextInt(3) == 0 ? 0 : (long) Math.exp(draws.nextDouble() * Math.log(4_000_000)), inFlight, maxInFlight,
                    draws.nextInt(65), draws.nextInt(257), draws.nextDouble())));
        }
        for (int pass = 0; pass < STATE_PASSES; pass++) {
            for (double score : SimulatedStates.scoresOnRecordedStates(carried)) {
                word(d, Double.doubleToLongBits(score));
            }
        }
        RoutingScorer s = fresh.get();
        for (long prompt : new long[] {200, 4_000, 32_000}) {
            for (double match : new double[] {0, 0.25, 0.5, 0.79, 0.8, 0.95, 1}) {
                for (int requests : new int[] {0, 1, 2, 4, 8, 16, 64}) {
                    for (long tokens : new long[] {0, 64, 1_000, 10_000, 100_000, 4_194_304, 10_000_000}) {
                        for (double kv : new double[] {0, 0.5, 0.95}) {
                            word(d, Double.doubleToLongBits(s.score(prompt, match, Math.round(prompt * (1 - match)), tokens, requests,
                                    Math.max(requests, 16), requests / 2, Math.min(requests, 8), kv)));
                        }
                    }
                }
            }
        }
        return HexFormat.of().formatHex(d.digest());
    }

    private static void usage(MessageDigest d, Supplier<UsageLimitPolicy> fresh, EquivalenceProof.UsageLimitSequence q) {
        for (long w : EquivalenceProof.run(q, fresh.get(), 0, 0, null)) {
            word(d, w);
        }
    }

    private static void admit(MessageDigest d, Supplier<AdmissionPolicy> fresh, EquivalenceProof.AdmissionSequence q) {
        for (long w : EquivalenceProof.run(q, fresh.get(), 0, 0, null)) {
            word(d, w);
        }
    }

    private static void word(MessageDigest d, long w) {
        for (int i = 0; i < 8; i++) {
            d.update((byte) (w >>> (8 * i)));
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
