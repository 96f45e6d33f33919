package io.nous.codegen.golang.proof;

import io.nous.codegen.guard.CandidateFault;
import io.nous.sim.spi.OrderingPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * An ordering policy's golden vectors and equivalence proof. The golden vectors are pairs of queue
 * items as the router holds them (enqueue time, TTL, the raw {@code x-llm-d-slo-ttft-ms} header, the
 * payload size), asked both ways through the exported plugin's {@code Less}, so they check the
 * adapter's reading of a queue item as well as the translation; the proof replays seeded sequences
 * of drawn pairs ({@link QueueItems}) through the translated function, each answer a word of the
 * digest.
 */
public final class OrderingProof {
    /** Header values of the golden pairs: absent, clean, padded, not a number, negative, empty, too large to be microseconds. */
    private static final String[] HEADERS = {null, "400", " 250 ", "abc", "-5", "", "9223372036855", "0", "9223372036854", "+120"};

    private OrderingProof() {
    }

    /** One golden item: what the router holds, the header as sent (null: absent). */
    public record GoldenItem(long enqueueUs, long ttlUs, String header, long bytes) {
        QueueItems.Item item() {
            return new QueueItems.Item(enqueueUs, ttlUs, QueueItems.sloHeader(header), bytes);
        }

        String json() {
            return "{\"enqueueUs\": " + enqueueUs + ", \"ttlUs\": " + ttlUs + ", \"header\": "
                    + (header == null ? "null" : "\"" + header + "\"") + ", \"bytes\": " + bytes + "}";
        }
    }

    /** One golden case: a pair and the Java's answers to less(a, b) and less(b, a) on a fresh policy. */
    public record GoldenCase(GoldenItem a, GoldenItem b, boolean ab, boolean ba) {
    }

    /** A sequence of drawn pairs: its seed, calls and Java's digests. */
    public record OrderingSequence(String name, long seed, int calls, int chunk, long[] digests) implements EquivalenceProof.Sequence {
        @Override
        public String json() {
            return "{\"name\": \"" + name + "\", \"seed\": " + seed + ", \"calls\": " + calls + ", \"chunk\": " + chunk + ", \"digests\": "
                    + EquivalenceProof.digestsJson(digests) + "}";
        }
    }

    /** One call of a sequence: the pair and the answer (null when the policy threw). */
    public record Answer(QueueItems.Item a, QueueItems.Item b, Boolean less, String fault) {
    }

    /** The golden pairs: one per header form against the others, and drawn pairs; a fault refuses the export. */
    public static List<GoldenCase> golden(Supplier<OrderingPolicy> fresh) {
        List<GoldenItem[]> pairs = new ArrayList<>();
        long t = QueueItems.WALL_CLOCK_US;
        for (int i = 0; i < HEADERS.length; i++) {
            String other = HEADERS[(i + 3) % HEADERS.length];
            pairs.add(new GoldenItem[] {new GoldenItem(t + 1_000 * i, QueueItems.DEFAULT_TTL_US, HEADERS[i], 256 + 4 * 100 * (i + 1)),
                new GoldenItem(t + 1_500 * i, QueueItems.DEFAULT_TTL_US, other, 256 + 4 * 700)});
        }
        pairs.add(new GoldenItem[] {new GoldenItem(t, 0, null, 1_256), new GoldenItem(t, 0, null, 1_256)});
        pairs.add(new GoldenItem[] {new GoldenItem(t, 30_000_000, null, 1_256), new GoldenItem(t + 5, 0, null, 656)});
        pairs.add(new GoldenItem[] {new GoldenItem(0, 0, "100", 260), new GoldenItem(7, 0, "100", 800_256)});
        CallSequences.SplitMix rng = new CallSequences.SplitMix(0x601d);
        for (int i = 0; i < 12; i++) {
            QueueItems.Item a = QueueItems.draw(rng, null);
            QueueItems.Item b = QueueItems.draw(rng, a);
            pairs.add(new GoldenItem[] {golden(a), golden(b)});
        }
        List<GoldenCase> out = new ArrayList<>();
        for (GoldenItem[] p : pairs) {
            OrderingPolicy policy = fresh.get();
            boolean ab = QueueItems.less(policy, p[0].item(), p[1].item());
            boolean ba = QueueItems.less(policy, p[1].item(), p[0].item());
            out.add(new GoldenCase(p[0], p[1], ab, ba));
        }
        return out;
    }

    private static GoldenItem golden(QueueItems.Item i) {
        return new GoldenItem(i.enqueueUs(), i.ttlUs(), i.sloTtftMs() < 0 ? null : Long.toString(i.sloTtftMs()), i.bytes());
    }

    /** The golden vectors as the Go test reads them. */
    public static String goldenJson(List<GoldenCase> cases) {
        StringBuilder sb = new StringBuilder("[\n");
        for (int i = 0; i < cases.size(); i++) {
            GoldenCase c = cases.get(i);
            sb.append("  {\"a\": ").append(c.a().json()).append(", \"b\": ").append(c.b().json()).append(", \"want\": [").append(c.ab())
                    .append(", ").append(c.ba()).append("]}").append(i < cases.size() - 1 ? "," : "").append('\n');
        }
        return sb.append("]\n").toString();
    }

    /** The proof: three seeded sequences of drawn pairs, each asked a before b. */
    public static EquivalenceProof.Proof record(Supplier<OrderingPolicy> fresh) {
        List<OrderingSequence> out = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            OrderingSequence q = new OrderingSequence("pairs-" + (i + 1), 0x0de5L + i, EquivalenceProof.SHORT, EquivalenceProof.CHUNK, null);
            out.add(new OrderingSequence(q.name(), q.seed(), q.calls(), q.chunk(), run(q, fresh.get(), 0, 0, null)));
        }
        return new EquivalenceProof.Proof(out, false, 64, null);
    }

    /** Replays {@code q} on {@code p}: its digests, and the answers of calls {@code from} to {@code to} (exclusive) into {@code answers}. */
    public static long[] run(OrderingSequence q, OrderingPolicy p, int from, int to, List<Answer> answers) {
        CallSequences.SplitMix rng = new CallSequences.SplitMix(q.seed());
        EquivalenceProof.Chunks chunks = new EquivalenceProof.Chunks(q.calls(), q.chunk());
        for (int call = 0; call < q.calls(); call++) {
            QueueItems.Item a = QueueItems.draw(rng, null);
            QueueItems.Item b = QueueItems.draw(rng, a);
            Boolean less = null;
            String fault = null;
            try {
                less = QueueItems.less(p, a, b);
                chunks.digest().word(less ? 1 : 0);
            } catch (CandidateFault f) {
                fault = f.getMessage();
                chunks.digest().word(CallSequences.Digest.FAULT);
            }
            if (answers != null && call >= from && call < to) {
                answers.add(new Answer(a, b, less, fault));
            }
            chunks.endCall(call);
        }
        return chunks.digests();
    }
}
