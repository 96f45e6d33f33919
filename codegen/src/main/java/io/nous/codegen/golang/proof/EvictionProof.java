package io.nous.codegen.golang.proof;

import io.nous.codegen.guard.CandidateFault;
import io.nous.sim.spi.EvictionPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * An eviction policy's golden vectors and equivalence proof. The golden vectors are pairs of
 * in-flight requests as the router's {@code EvictionItem} holds them (priority, dispatch time, the
 * raw SLO header, the request's size), asked through the exported plugin's {@code Accept} for each
 * and {@code Less} both ways, so they check the adapter's reading of an item as well as the
 * translation; the proof replays seeded sequences of drawn pairs through the translated functions,
 * each call's four answers words of the digest.
 */
public final class EvictionProof {
    /** Priorities an item is drawn with: sheddable, critical, the router's default, and the extremes of an int. */
    private static final int[] PRIORITIES = {-100, -2, -1, 0, 1, 10, Integer.MIN_VALUE, Integer.MAX_VALUE};
    private static final String[] HEADERS = {null, "400", " 250 ", "abc", "-5", "", "9223372036855", "0"};

    private EvictionProof() {
    }

    /** One in-flight request as the eviction plug point sees it. */
    public record Item(int priority, long dispatchUs, long bytes, long sloTtftMs) {
        /** In words, for a message. */
        public String describe() {
            return "priority " + priority + ", dispatched at " + dispatchUs + " us, " + bytes + " bytes, SLO header "
                    + (sloTtftMs < 0 ? "absent" : sloTtftMs + " ms");
        }
    }

    /** An item drawn against {@code other} (null for the first of a pair): the priority, then a queue item's fields as the dispatch. */
    public static Item draw(CallSequences.SplitMix rng, Item other) {
        int priority = rng.below(3) == 0 && other != null ? other.priority() : PRIORITIES[rng.below(PRIORITIES.length)];
        QueueItems.Item q = QueueItems.draw(rng, other == null ? null
                : new QueueItems.Item(other.dispatchUs(), QueueItems.DEFAULT_TTL_US, other.sloTtftMs(), other.bytes()));
        return new Item(priority, q.enqueueUs(), q.bytes(), q.sloTtftMs());
    }

    public static boolean accept(EvictionPolicy p, Item a) {
        return p.accept(a.priority(), a.dispatchUs(), a.bytes(), a.sloTtftMs());
    }

    public static boolean less(EvictionPolicy p, Item a, Item b) {
        return p.less(a.priority(), a.dispatchUs(), a.bytes(), a.sloTtftMs(), b.priority(), b.dispatchUs(), b.bytes(), b.sloTtftMs());
    }

    /** One golden item: what an {@code EvictionItem} carries, the header as sent (null: absent). */
    public record GoldenItem(int priority, long dispatchUs, String header, long bytes) {
        Item item() {
            return new Item(priority, dispatchUs, bytes, QueueItems.sloHeader(header));
        }

        String json() {
            return "{\"priority\": " + priority + ", \"dispatchUs\": " + dispatchUs + ", \"header\": "
                    + (header == null ? "null" : "\"" + header + "\"") + ", \"bytes\": " + bytes + "}";
        }
    }

    /** One golden case: a pair and the Java's answers: accept(a), accept(b), less(a, b), less(b, a). */
    public record GoldenCase(GoldenItem a, GoldenItem b, boolean[] want) {
    }

    /** The golden pairs: every header form, ties, sheddable against critical, and drawn pairs; a fault refuses the export. */
    public static List<GoldenCase> golden(Supplier<EvictionPolicy> fresh) {
        long t = QueueItems.WALL_CLOCK_US;
        List<GoldenItem[]> pairs = new ArrayList<>();
        for (int i = 0; i < HEADERS.length; i++) {
            pairs.add(new GoldenItem[] {new GoldenItem(-1, t + 1_000L * i, HEADERS[i], 256 + 400L * (i + 1)),
                new GoldenItem(-1, t + 1_500L * i, HEADERS[(i + 3) % HEADERS.length], 256 + 4L * 700)});
        }
        pairs.add(new GoldenItem[] {new GoldenItem(-1, t, null, 1_256), new GoldenItem(-1, t, null, 1_256)});
        pairs.add(new GoldenItem[] {new GoldenItem(-1, t, null, 1_256), new GoldenItem(0, t + 5, null, 656)});
        pairs.add(new GoldenItem[] {new GoldenItem(-2, t + 9, "100", 800_256), new GoldenItem(-1, t, "100", 260)});
        pairs.add(new GoldenItem[] {new GoldenItem(10, t, null, 4_096), new GoldenItem(Integer.MIN_VALUE, 0, null, 0)});
        CallSequences.SplitMix rng = new CallSequences.SplitMix(0xe71c);
        for (int i = 0; i < 12; i++) {
            Item a = draw(rng, null);
            Item b = draw(rng, a);
            pairs.add(new GoldenItem[] {golden(a), golden(b)});
        }
        List<GoldenCase> out = new ArrayList<>();
        for (GoldenItem[] p : pairs) {
            EvictionPolicy policy = fresh.get();
            Item a = p[0].item();
            Item b = p[1].item();
            try {
                out.add(new GoldenCase(p[0], p[1], new boolean[] {accept(policy, a), accept(policy, b), less(policy, a, b),
                    less(policy, b, a)}));
            } catch (CandidateFault f) {
                throw new IllegalArgumentException("it fails on a pair of in-flight requests the router can present: " + f.getMessage());
            }
        }
        return out;
    }

    private static GoldenItem golden(Item i) {
        return new GoldenItem(i.priority(), i.dispatchUs(), i.sloTtftMs() < 0 ? null : Long.toString(i.sloTtftMs()), i.bytes());
    }

    /** The golden vectors as the Go test reads them. */
    public static String goldenJson(List<GoldenCase> cases) {
        StringBuilder sb = new StringBuilder("[\n");
        for (int i = 0; i < cases.size(); i++) {
            GoldenCase c = cases.get(i);
            sb.append("  {\"a\": ").append(c.a().json()).append(", \"b\": ").append(c.b().json()).append(", \"want\": [")
                    .append(c.want()[0]).append(", ").append(c.want()[1]).append(", ").append(c.want()[2]).append(", ").append(c.want()[3])
                    .append("]}").append(i < cases.size() - 1 ? "," : "").append('\n');
        }
        return sb.append("]\n").toString();
    }

    /** A sequence of drawn pairs: its seed, calls and Java's digests. */
    public record EvictionSequence(String name, long seed, int calls, int chunk, long[] digests) implements EquivalenceProof.Sequence {
        @Override
        public String json() {
            return "{\"name\": \"" + name + "\", \"seed\": " + seed + ", \"calls\": " + calls + ", \"chunk\": " + chunk + ", \"digests\": "
                    + EquivalenceProof.digestsJson(digests) + "}";
        }
    }

    /** One call of a sequence: the pair and the four answers (null when the policy threw). */
    public record Answer(Item a, Item b, boolean[] answers, String fault) {
        /** The answers as the Go test logs them: four 0/1 digits. */
        public String logged() {
            StringBuilder sb = new StringBuilder();
            for (boolean x : answers) {
                sb.append(x ? '1' : '0');
            }
            return sb.toString();
        }
    }

    /** The proof: three seeded sequences of drawn pairs, each asked accept of both and less both ways. */
    public static EquivalenceProof.Proof record(Supplier<EvictionPolicy> fresh) {
        List<EvictionSequence> out = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            EvictionSequence q = new EvictionSequence("pairs-" + (i + 1), 0xe71cL + i, EquivalenceProof.SHORT, EquivalenceProof.CHUNK, null);
            out.add(new EvictionSequence(q.name(), q.seed(), q.calls(), q.chunk(), run(q, fresh.get(), 0, 0, null)));
        }
        return new EquivalenceProof.Proof(out, false, 64, null);
    }

    /** Replays {@code q} on {@code p}: its digests, and the answers of calls {@code from} to {@code to} (exclusive) into {@code answers}. */
    public static long[] run(EvictionSequence q, EvictionPolicy p, int from, int to, List<Answer> answers) {
        CallSequences.SplitMix rng = new CallSequences.SplitMix(q.seed());
        EquivalenceProof.Chunks chunks = new EquivalenceProof.Chunks(q.calls(), q.chunk());
        for (int call = 0; call < q.calls(); call++) {
            Item a = draw(rng, null);
            Item b = draw(rng, a);
            boolean[] said = null;
            String fault = null;
            try {
                said = new boolean[] {accept(p, a), accept(p, b), less(p, a, b), less(p, b, a)};
                for (boolean x : said) {
                    chunks.digest().word(x ? 1 : 0);
                }
            } catch (CandidateFault f) {
                fault = f.getMessage();
                chunks.digest().word(CallSequences.Digest.FAULT);
            }
            if (answers != null && call >= from && call < to) {
                answers.add(new Answer(a, b, said, fault));
            }
            chunks.endCall(call);
        }
        return chunks.digests();
    }
}
