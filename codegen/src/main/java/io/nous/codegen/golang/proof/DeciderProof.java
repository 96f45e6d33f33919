package io.nous.codegen.golang.proof;

import io.nous.codegen.guard.CandidateFault;
import io.nous.sim.spi.DisaggregationDecider;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * A P/D decider's inputs, golden vectors and equivalence proof. Inputs are drawn with integer draws
 * only (and one uniform for the KV use), so the Go test draws the same ones bit for bit: prompts of 1
 * to 32,768 tokens with their edges, none to all of them cached in whole blocks, decode pods from idle
 * to thousands queued and a full KV cache. The golden vectors go through the exported plugin's
 * {@code disaggregate} with a request and an endpoint built as the router builds them, so they check
 * the adapter's reading of the token count, the prefix match and the metrics; the proof replays seeded
 * sequences through the translated function, each answer a word of the digest.
 */
public final class DeciderProof {
    private DeciderProof() {
    }

    /** One question: what the decider is asked. {@code kvUsage} is a fraction in [0, 1]. */
    public record Input(int prompt, int cached, int waiting, int running, double kv) {
        public String describe() {
            return String.format(Locale.ROOT, "a prompt of %d tokens, %d cached on the decode pod, which has %d waiting, %d running, KV %s",
                    prompt, cached, waiting, running, Double.toString(kv));
        }

        String json() {
            return "{\"prompt\": " + prompt + ", \"cached\": " + cached + ", \"waiting\": " + waiting + ", \"running\": " + running
                    + ", \"kv\": " + Double.toString(kv) + "}";
        }
    }

    /** One question drawn as the Go test's {@code drawInput} draws it. */
    public static Input draw(CallSequences.SplitMix rng) {
        int prompt = switch (rng.below(8)) {
            case 0 -> 1;
            case 1 -> 32_768;
            case 2 -> 1 + rng.below(64);
            case 3 -> 1 + rng.below(1024);
            default -> 1 + rng.below(32_768);
        };
        int cached = switch (rng.below(4)) {
            case 0 -> 0;
            case 1 -> prompt;
            default -> rng.below(prompt + 1) / 16 * 16;
        };
        int running = rng.below(3) == 0 ? 0 : rng.below(300);
        int waiting = 0;
        if (rng.below(2) != 0) {
            int bound = rng.below(4) == 0 ? 3000 : 20;
            waiting = rng.below(bound);
        }
        double kv = switch (rng.below(6)) {
            case 0 -> 0;
            case 1 -> 1;
            default -> rng.uniform();
        };
        return new Input(prompt, cached, waiting, running, kv);
    }

    /** {@code d}'s answer to {@code in}; a guarded decider's fault propagates as {@link CandidateFault}. */
    public static boolean ask(DisaggregationDecider d, Input in) {
        return d.disaggregate(in.prompt(), in.cached(), in.waiting(), in.running(), in.kv());
    }

    /** One golden case: a question and the Java's answer on a fresh decider. */
    public record GoldenCase(Input in, boolean want) {
    }

    /** The golden questions: edges (nothing cached, all cached, an idle and a saturated pod) and drawn ones; a fault refuses the export. */
    public static List<GoldenCase> golden(Supplier<DisaggregationDecider> fresh) {
        List<Input> inputs = new ArrayList<>(List.of(new Input(1, 0, 0, 0, 0), new Input(16, 0, 0, 0, 0), new Input(2048, 0, 0, 40, 0.3),
                new Input(2048, 2048, 0, 40, 0.3), new Input(4096, 3840, 3, 120, 0.8), new Input(32_768, 0, 2_000, 299, 1),
                new Input(600, 512, 0, 0, 0), new Input(9000, 16, 12, 7, 0.05)));
        CallSequences.SplitMix rng = new CallSequences.SplitMix(0xdec1deL);
        for (int i = 0; i < 16; i++) {
            inputs.add(draw(rng));
        }
        List<GoldenCase> out = new ArrayList<>();
        for (Input in : inputs) {
            out.add(new GoldenCase(in, ask(fresh.get(), in)));
        }
        return out;
    }

    /** The golden vectors as the Go test reads them. */
    public static String goldenJson(List<GoldenCase> cases) {
        StringBuilder sb = new StringBuilder("[\n");
        for (int i = 0; i < cases.size(); i++) {
            GoldenCase c = cases.get(i);
            sb.append("  {\"in\": ").append(c.in().json()).append(", \"want\": ").append(c.want()).append('}')
                    .append(i < cases.size() - 1 ? "," : "").append('\n');
        }
        return sb.append("]\n").toString();
    }

    /** One call of a sequence: the question and the answer (null when the decider threw). */
    public record Answer(Input in, Boolean yes, String fault) {
    }

    /** The proof: three seeded sequences of drawn questions on one decider each. */
    public static EquivalenceProof.Proof record(Supplier<DisaggregationDecider> fresh) {
        List<EquivalenceProof.SeededSequence> out = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            EquivalenceProof.SeededSequence q = new EquivalenceProof.SeededSequence("questions-" + (i + 1), 0xd15aL + i, EquivalenceProof.SHORT,
                    EquivalenceProof.CHUNK, null);
            out.add(new EquivalenceProof.SeededSequence(q.name(), q.seed(), q.calls(), q.chunk(), run(q, fresh.get(), 0, 0, null)));
        }
        return new EquivalenceProof.Proof(out, false, 64, null);
    }

    /** Replays {@code q} on {@code d}: its digests, and the answers of calls {@code from} to {@code to} (exclusive) into {@code answers}. */
    public static long[] run(EquivalenceProof.SeededSequence q, DisaggregationDecider d, int from, int to, List<Answer> answers) {
        CallSequences.SplitMix rng = new CallSequences.SplitMix(q.seed());
        EquivalenceProof.Chunks chunks = new EquivalenceProof.Chunks(q.calls(), q.chunk());
        for (int call = 0; call < q.calls(); call++) {
            Input in = draw(rng);
            Boolean yes = null;
            String fault = null;
            try {
                yes = ask(d, in);
                chunks.digest().word(yes ? 1 : 0);
            } catch (CandidateFault f) {
                fault = f.getMessage();
                chunks.digest().word(CallSequences.Digest.FAULT);
            }
            if (answers != null && call >= from && call < to) {
                answers.add(new Answer(in, yes, fault));
            }
            chunks.endCall(call);
        }
        return chunks.digests();
    }
}
