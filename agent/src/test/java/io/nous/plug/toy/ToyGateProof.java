package io.nous.plug.toy;

import io.nous.codegen.golang.proof.CallSequences;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.guard.CandidateFault;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The toy gate's golden vectors and equivalence proof, built from the proof's public parts (the
 * SplitMix stream, the digest, the chunks) as any plug point outside codegen would: saturations
 * drawn as the Go test's {@code special()} draws them, each answer a word of the digest.
 */
final class ToyGateProof {
    /** Saturations of the golden vectors; each is asked {@link #CALLS} times on a fresh gate. */
    static final double[] GOLDEN = {0, 0.1, 0.25, 0.5, 0.6, 0.7, 0.75, 0.8, 0.9, 0.95, 1.0, 1.5, 3.0, -0.0, Double.NaN,
        Double.POSITIVE_INFINITY, Math.nextDown(0.7), Math.nextUp(0.7)};
    static final int CALLS = 3;

    private ToyGateProof() {
    }

    /** A toy sequence: its seed, calls and Java's digests. */
    record ToyGateSequence(String name, long seed, int calls, int chunk, long[] digests) implements EquivalenceProof.Sequence {
        @Override
        public String json() {
            return "{\"name\": \"" + name + "\", \"seed\": " + seed + ", \"calls\": " + calls + ", \"chunk\": " + chunk + ", \"digests\": "
                    + EquivalenceProof.digestsJson(digests) + "}";
        }
    }

    /** The golden vectors as the Go test reads them. */
    static String golden(Supplier<ToyGate> fresh) {
        StringBuilder sb = new StringBuilder("[\n");
        for (int i = 0; i < GOLDEN.length; i++) {
            ToyGate g = fresh.get();
            sb.append("  {\"saturation\": \"").append(EquivalenceProof.hex(Double.doubleToRawLongBits(GOLDEN[i]))).append("\", \"want\": [");
            for (int k = 0; k < CALLS; k++) {
                sb.append(k > 0 ? ", " : "").append(g.holdSheddable(GOLDEN[i]));
            }
            sb.append("]}").append(i < GOLDEN.length - 1 ? "," : "").append('\n');
        }
        return sb.append("]\n").toString();
    }

    static EquivalenceProof.Proof record(Supplier<ToyGate> fresh) {
        List<ToyGateSequence> out = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ToyGateSequence q = new ToyGateSequence("special-" + (i + 1), 401 + i, EquivalenceProof.SHORT, EquivalenceProof.CHUNK, null);
            out.add(new ToyGateSequence(q.name(), q.seed(), q.calls(), q.chunk(), run(q, fresh.get(), 0, 0, null)));
        }
        return new EquivalenceProof.Proof(out, false, 64, null);
    }

    /** One call: the saturation and the answer (null when the gate threw). */
    record Answer(double saturation, Boolean hold) {
    }

    static long[] run(ToyGateSequence q, ToyGate g, int from, int to, List<Answer> answers) {
        CallSequences.SplitMix rng = new CallSequences.SplitMix(q.seed());
        EquivalenceProof.Chunks chunks = new EquivalenceProof.Chunks(q.calls(), q.chunk());
        for (int call = 0; call < q.calls(); call++) {
            double s = rng.special();
            Boolean hold = null;
            try {
                hold = g.holdSheddable(s);
                chunks.digest().word(hold ? 1 : 0);
            } catch (CandidateFault f) {
                chunks.digest().word(CallSequences.Digest.FAULT);
            }
            if (answers != null && call >= from && call < to) {
                answers.add(new Answer(s, hold));
            }
            chunks.endCall(call);
        }
        return chunks.digests();
    }
}
