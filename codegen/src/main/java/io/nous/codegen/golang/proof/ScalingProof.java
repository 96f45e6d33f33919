package io.nous.codegen.golang.proof;

import io.nous.codegen.guard.CandidateFault;
import io.nous.sim.spi.ScalingPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * A scaling policy's inputs, golden vectors and equivalence proof. A pool is drawn as the probes draw
 * it: 1 to 64 ready pods, some starting, the router's saturation from idle to far past 1, KV use from
 * empty to full, pod and router queues from none to thousands, at decisions 15 s apart, in sequences of
 * 40 decisions on one carried state. Every draw is an integer draw or one uniform scaled by one
 * multiply, so the Go test draws the same pools. The golden vectors are whole sequences with the state
 * after every decision; the proof replays longer seeded sequences, each decision and the state after it
 * words of the digest.
 */
public final class ScalingProof {
    private static final int[] READY = {1, 2, 3, 4, 8, 16, 64};
    /** Decisions per sequence: a policy's state is carried through them and starts at zero for the next. */
    public static final int DECISIONS = 40;
    private static final long INTERVAL_US = 15_000_000L;

    private ScalingProof() {
    }

    /** One decision's inputs. */
    public record Pool(long nowUs, int ready, int starting, double saturation, double kv, int waiting, int running, int queued) {
        public String describe() {
            return String.format(Locale.ROOT, "at %d s, %d ready and %d starting, saturation %s, KV %s, %d waiting, %d running, %d queued",
                    nowUs / 1_000_000, ready, starting, Double.toString(saturation), Double.toString(kv), waiting, running, queued);
        }

        String json() {
            return "{\"nowUs\": " + nowUs + ", \"ready\": " + ready + ", \"starting\": " + starting + ", \"saturation\": "
                    + Double.toString(saturation) + ", \"kv\": " + Double.toString(kv) + ", \"waiting\": " + waiting + ", \"running\": " + running
                    + ", \"queued\": " + queued + "}";
        }
    }

    /** The pool of decision {@code k} (0-based) of a sequence, drawn as the Go test's {@code drawPool} draws it. */
    public static Pool draw(CallSequences.SplitMix rng, int k) {
        int ready = READY[rng.below(READY.length)];
        int starting = rng.below(4) == 0 ? 1 + rng.below(4) : 0;
        double kv = switch (rng.below(5)) {
            case 0 -> 0;
            case 1 -> 1;
            default -> rng.uniform();
        };
        double saturation = rng.below(4) == 0 ? rng.uniform() * 8 : rng.uniform() * 1.2;
        int running = ready * rng.below(257);
        int waiting = rng.below(3) == 0 ? 0 : ready * rng.below(40);
        int queued = rng.below(3) == 0 ? 0 : rng.below(5000);
        return new Pool((k + 1) * INTERVAL_US, ready, starting, saturation, kv, waiting, running, queued);
    }

    /** {@code p}'s decision for {@code pool} with {@code state}; a guarded policy's fault propagates as {@link CandidateFault}. */
    public static int ask(ScalingPolicy p, Pool pool, long[] state) {
        return p.desiredPods(pool.nowUs(), pool.ready(), pool.starting(), pool.saturation(), pool.kv(), pool.waiting(), pool.running(),
                pool.queued(), state);
    }

    /** One golden step: the pool, the Java's decision and its state after. */
    public record Step(Pool pool, int desired, long[] stateAfter) {
    }

    /** The golden sequences: four of {@link #DECISIONS} decisions each on a fresh policy; a fault refuses the export. */
    public static List<List<Step>> golden(Supplier<ScalingPolicy> fresh) {
        List<List<Step>> out = new ArrayList<>();
        CallSequences.SplitMix rng = new CallSequences.SplitMix(0x5ca1e601dL);
        for (int s = 0; s < 4; s++) {
            ScalingPolicy p = fresh.get();
            long[] state = new long[ScalingPolicy.STATE_SIZE];
            List<Step> steps = new ArrayList<>();
            for (int k = 0; k < DECISIONS; k++) {
                Pool pool = draw(rng, k);
                int desired = ask(p, pool, state);
                steps.add(new Step(pool, desired, state.clone()));
            }
            out.add(steps);
        }
        return out;
    }

    /** The golden sequences as the Go test reads them. */
    public static String goldenJson(List<List<Step>> sequences) {
        StringBuilder sb = new StringBuilder("[\n");
        for (int s = 0; s < sequences.size(); s++) {
            sb.append("  [\n");
            List<Step> steps = sequences.get(s);
            for (int i = 0; i < steps.size(); i++) {
                Step st = steps.get(i);
                sb.append("    {\"pool\": ").append(st.pool().json()).append(", \"desired\": ").append(st.desired()).append(", \"state\": [");
                for (int k = 0; k < st.stateAfter().length; k++) {
                    sb.append(k > 0 ? ", " : "").append(st.stateAfter()[k]);
                }
                sb.append("]}").append(i < steps.size() - 1 ? "," : "").append('\n');
            }
            sb.append("  ]").append(s < sequences.size() - 1 ? "," : "").append('\n');
        }
        return sb.append("]\n").toString();
    }

    /** One decision of a run: the pool and the decision (null when the policy threw). */
    public record Answer(Pool pool, Integer desired, String fault) {
    }

    /** The proof: three seeded runs of 4,000 decisions (100 sequences of 40 on fresh state). */
    public static EquivalenceProof.Proof record(Supplier<ScalingPolicy> fresh) {
        List<EquivalenceProof.SeededSequence> out = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            EquivalenceProof.SeededSequence q = new EquivalenceProof.SeededSequence("pools-" + (i + 1), 0x5ca1eL + i, 100 * DECISIONS,
                    EquivalenceProof.CHUNK, null);
            out.add(new EquivalenceProof.SeededSequence(q.name(), q.seed(), q.calls(), q.chunk(), run(q, fresh, 0, 0, null)));
        }
        return new EquivalenceProof.Proof(out, false, 64, null);
    }

    /**
     * Replays {@code q}, a fresh policy and zero state every {@link #DECISIONS} decisions: its digests,
     * and the decisions of calls {@code from} to {@code to} (exclusive) into {@code answers}. A decision
     * that throws is a fault word, and the sequence goes on with the state as the policy left it, as the
     * Go's does after a panic.
     */
    public static long[] run(EquivalenceProof.SeededSequence q, Supplier<ScalingPolicy> fresh, int from, int to, List<Answer> answers) {
        CallSequences.SplitMix rng = new CallSequences.SplitMix(q.seed());
        EquivalenceProof.Chunks chunks = new EquivalenceProof.Chunks(q.calls(), q.chunk());
        ScalingPolicy p = null;
        long[] state = null;
        for (int call = 0; call < q.calls(); call++) {
            int k = call % DECISIONS;
            if (k == 0) {
                p = fresh.get();
                state = new long[ScalingPolicy.STATE_SIZE];
            }
            Pool pool = draw(rng, k);
            Integer desired = null;
            String fault = null;
            try {
                desired = ask(p, pool, state);
                chunks.digest().answer(desired, state);
            } catch (CandidateFault f) {
                fault = f.getMessage();
                chunks.digest().word(CallSequences.Digest.FAULT);
            }
            if (answers != null && call >= from && call < to) {
                answers.add(new Answer(pool, desired, fault));
            }
            chunks.endCall(call);
        }
        return chunks.digests();
    }
}
