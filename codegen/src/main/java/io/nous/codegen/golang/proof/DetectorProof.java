package io.nous.codegen.golang.proof;

import io.nous.codegen.guard.CandidateFault;
import io.nous.sim.spi.SaturationDetector;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The equivalence proof of a saturation detector: seeded sequences of pool states
 * ({@link PoolDraws}: realistic pools, a grid of queue against KV use against in-flight requests,
 * edge values of every input, and one state held for a counter's horizon), each on a fresh
 * detector, with a digest of every saturation. A call that throws in Java is a fault the Go must
 * match with a panic.
 */
public final class DetectorProof {
    private DetectorProof() {
    }

    /** A detector sequence: how its states are drawn and Java's digests. */
    public record DetectorSequence(String name, PoolDraws.Kind states, long seed, int calls, int chunk, long[] digests)
            implements EquivalenceProof.Sequence {
        @Override
        public String json() {
            return "{\"name\": \"" + name + "\", \"states\": \"" + states.key() + "\", \"seed\": " + seed + ", \"calls\": " + calls
                    + ", \"chunk\": " + chunk + ", \"digests\": " + EquivalenceProof.digestsJson(digests) + "}";
        }
    }

    /** One detector call: its pool state and the saturation (null when it threw). */
    public record DetectorAnswer(PoolDraws.PoolState state, Double saturation, String fault) {
    }

    static List<DetectorSequence> sequences(int horizon) {
        List<DetectorSequence> out = new ArrayList<>();
        long seed = 301;
        for (int i = 0; i < 3; i++) {
            out.add(spec("random-" + (i + 1), PoolDraws.Kind.RANDOM, seed++, EquivalenceProof.SHORT));
        }
        out.add(spec("grid", PoolDraws.Kind.GRID, seed++, 11 * 11 * 17));
        for (int i = 0; i < 2; i++) {
            out.add(spec("special-" + (i + 1), PoolDraws.Kind.SPECIAL, seed++, EquivalenceProof.SHORT));
        }
        for (int i = 0; i < 3; i++) {
            out.add(spec("hold-" + (i + 1), PoolDraws.Kind.HOLD, seed++, horizon));
        }
        return out;
    }

    private static DetectorSequence spec(String name, PoolDraws.Kind kind, long seed, int calls) {
        int chunk = Math.max(EquivalenceProof.CHUNK, (calls + EquivalenceProof.MAX_DIGESTS - 1) / EquivalenceProof.MAX_DIGESTS);
        return new DetectorSequence(name, kind, seed, calls, chunk, null);
    }

    /** Runs every sequence on fresh detectors and keeps Java's digests. */
    public static EquivalenceProof.Proof record(Supplier<SaturationDetector> fresh, int horizon, String horizonNote) {
        List<DetectorSequence> out = new ArrayList<>();
        for (DetectorSequence q : sequences(horizon)) {
            out.add(new DetectorSequence(q.name(), q.states(), q.seed(), q.calls(), q.chunk(), run(q, fresh.get(), 0, 0, null)));
        }
        return new EquivalenceProof.Proof(out, false, horizon, horizonNote);
    }

    /** Java's answers to calls {@code [from, to)} of a sequence, from a fresh detector. */
    public static List<DetectorAnswer> answers(DetectorSequence q, SaturationDetector fresh, int from, int to) {
        List<DetectorAnswer> out = new ArrayList<>();
        run(q, fresh, from, to, out);
        return out;
    }

    static long[] run(DetectorSequence q, SaturationDetector d, int from, int to, List<DetectorAnswer> answers) {
        PoolDraws draws = new PoolDraws(q.states(), q.seed());
        EquivalenceProof.Chunks chunks = new EquivalenceProof.Chunks(q.calls(), q.chunk());
        for (int call = 0; call < q.calls(); call++) {
            PoolDraws.PoolState in = draws.next();
            Double saturation = null;
            String fault = null;
            try {
                saturation = in.askedOf(d);
                chunks.digest().value(saturation);
            } catch (CandidateFault f) {
                fault = f.getMessage();
                chunks.digest().word(CallSequences.Digest.FAULT);
            }
            if (answers != null && call >= from && call < to) {
                answers.add(new DetectorAnswer(in, saturation, fault));
            }
            chunks.endCall(call);
        }
        return chunks.digests();
    }
}
