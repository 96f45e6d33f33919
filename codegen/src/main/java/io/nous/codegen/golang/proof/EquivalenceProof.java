package io.nous.codegen.golang.proof;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.DoubleLiteralExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LongLiteralExpr;
import io.nous.codegen.golang.GoTranslator;
import io.nous.codegen.guard.CandidateFault;
import io.nous.codegen.guard.CostLimit;
import io.nous.sim.spi.AdmissionPolicy;
import io.nous.sim.spi.RoutingScorer;
import io.nous.sim.spi.UsageLimitPolicy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * What the Java candidate answers on long, seeded call sequences, kept as digests of every answer
 * so that the exported Go can be proved to answer the same, bit for bit (each package's {@code equivalence_test.go} template
 * writes the Go side, {@code GoCheck} runs it). Each sequence starts from a fresh instance, as the
 * router starts a plugin. Usage-limit sequences cover 1–6 bands with the router's priorities and
 * random ones, saturations on a 0.001 grid, random off-grid, a random walk, the edge values
 * (−0.0, NaN, infinity, the neighbours of 0.5 and 1, huge) and, for a policy with a counter, one
 * saturation held for a horizon past every constant in its source (each counter threshold).
 * Admission sequences draw priority, saturation, queue and KV terms and the uniform draw the same
 * ways. Routing sequences draw the nine per-endpoint inputs of a scorer: states the router's producers
 * and scrapes can report, a grid of cached share against load, and edge values of every input's type.
 * A call that throws in Java counts as a fault, which the Go must match with a panic.
 */
public final class EquivalenceProof {
    /** Calls per digest in a short sequence; a long one has at most {@link #MAX_DIGESTS} digests. */
    public static final int CHUNK = 256;
    public static final int MAX_DIGESTS = 64;
    /** The longest horizon a held saturation is followed. */
    public static final int MAX_HORIZON = 1 << 21;
    /** Calls of a short sequence of each generator. */
    public static final int SHORT = 4096;
    /** Average work a candidate may do per call during the proof: far more than the simulator allows, since the edge inputs may cost more. */
    public static final CostLimit PROOF_LIMIT = new CostLimit(1000);

    private static final double[] HOLDS = {0.0, 0.3, 0.5, 0.55, 0.6, 5.0 / 7, 0.75, 0.9, 0.99, 1.0, 1.2, 3.0};
    private static final double[] LONG_HOLDS = {0.55, 0.75, 0.95};

    /**
     * One seeded call sequence of a proof: its name, how many calls, the calls per digest and
     * Java's digests; {@link #json} is its line of {@code testdata/equivalence.json}. Each plug point
     * has its own kind of sequence, with the inputs its Go test regenerates.
     */
    public interface Sequence {
        String name();

        int calls();

        int chunk();

        long[] digests();

        /** The sequence as one JSON object for the Go test's fixture. */
        String json();
    }

    /** A sequence whose inputs are drawn from one SplitMix64 seed alone (the Go test draws them the same way). */
    public record SeededSequence(String name, long seed, int calls, int chunk, long[] digests) implements Sequence {
        @Override
        public String json() {
            return "{\"name\": \"" + name + "\", \"seed\": " + seed + ", \"calls\": " + calls + ", \"chunk\": " + chunk + ", \"digests\": "
                    + digestsJson(digests) + "}";
        }
    }

    /** A usage-limit sequence: its inputs and the digests of Java's answers. */
    public record UsageLimitSequence(String name, int[] priorities, CallSequences.Saturations saturations, double hold, long seed,
                                     int calls, int chunk, long[] digests) implements Sequence {
        @Override
        public String json() {
            return "{\"name\": \"" + name + "\", \"priorities\": " + Arrays.toString(priorities).replace(" ", "")
                    + ", \"saturations\": \"" + saturations.key() + "\", \"hold\": " + hold + ", \"seed\": " + seed
                    + ", \"calls\": " + calls + ", \"chunk\": " + chunk + ", \"digests\": " + digestsJson(digests) + "}";
        }
    }

    /** An admission sequence: its inputs and the digests of Java's answers. */
    public record AdmissionSequence(String name, CallSequences.PoolStates states, double hold, long seed, int calls, int chunk,
                                    long[] digests) implements Sequence {
        @Override
        public String json() {
            return "{\"name\": \"" + name + "\", \"states\": \"" + states.key() + "\", \"hold\": " + hold
                    + ", \"seed\": " + seed + ", \"calls\": " + calls + ", \"chunk\": " + chunk + ", \"digests\": "
                    + digestsJson(digests) + "}";
        }
    }

    /** A routing sequence: its inputs and the digests of Java's scores. */
    public record RoutingSequence(String name, CallSequences.EndpointStates states, long seed, int calls, int chunk, long[] digests)
            implements Sequence {
        @Override
        public String json() {
            return "{\"name\": \"" + name + "\", \"states\": \"" + states.key() + "\", \"seed\": " + seed
                    + ", \"calls\": " + calls + ", \"chunk\": " + chunk + ", \"digests\": " + digestsJson(digests) + "}";
        }
    }

    /**
     * The sequences of one candidate with Java's digests, in the order the Go test replays them;
     * {@code terms} marks an admitter of the terms form; {@code horizonNote} says what the held
     * sequences could not reach, or null.
     */
    public record Proof(List<? extends Sequence> all, boolean terms, int horizon, String horizonNote) {
        public Proof {
            all = List.copyOf(all);
        }

        /** Calls the proof makes in all. */
        public long calls() {
            return all.stream().mapToLong(Sequence::calls).sum();
        }

        /** How many sequences the proof replays. */
        public int sequences() {
            return all.size();
        }

        /** The sequence named {@code name}, of the kind {@code type}. */
        public <T extends Sequence> T sequence(String name, Class<T> type) {
            return all.stream().filter(q -> q.name().equals(name)).map(type::cast).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("the proof has no sequence " + name));
        }

        /** The Go test's fixture, {@code testdata/equivalence.json}. */
        public String json() {
            StringBuilder sb = new StringBuilder("{\n  \"calls\": ").append(calls()).append(",\n  \"sequences\": [\n");
            sb.append(String.join(",\n", all.stream().map(q -> "    " + q.json()).toList()));
            return sb.append("\n  ]\n}\n").toString();
        }
    }

    /** Digests as the fixture writes them: a JSON array of 16-digit hex strings. */
    public static String digestsJson(long[] d) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < d.length; i++) {
            sb.append(i > 0 ? ", " : "").append('"').append(hex(d[i])).append('"');
        }
        return sb.append(']').toString();
    }

    private EquivalenceProof() {
    }

    /** A sequence's digests as its calls are made: one per {@code chunk} calls, the last chunk possibly shorter. */
    public static final class Chunks {
        private final int calls;
        private final int chunk;
        private final long[] digests;
        private int done;
        private CallSequences.Digest current = new CallSequences.Digest();

        public Chunks(int calls, int chunk) {
            this.calls = calls;
            this.chunk = chunk;
            this.digests = new long[(calls + chunk - 1) / chunk];
        }

        /** The digest the current call's answer goes into. */
        public CallSequences.Digest digest() {
            return current;
        }

        /** Closes call {@code call}; at the end of a chunk its digest is kept and a new one begins. */
        public void endCall(int call) {
            if ((call + 1) % chunk == 0 || call == calls - 1) {
                digests[done++] = current.sum();
                current = new CallSequences.Digest();
            }
        }

        public long[] digests() {
            return digests;
        }
    }

    public static String hex(long v) {
        return String.format(Locale.ROOT, "%016x", v);
    }

    /**
     * The horizon of the held sequences: past twice the largest integer constant in the source (a
     * counter's threshold or period), at least 1,024 calls, at most {@link #MAX_HORIZON}; 64 calls
     * for a policy without a counter (its calls are independent).
     */
    public static int horizon(Node source, boolean counter) {
        if (!counter) {
            return 64;
        }
        double max = 0;
        for (Node n : source.findAll(Node.class)) {
            double v = n instanceof IntegerLiteralExpr i ? Math.abs((double) GoTranslator.integralLiteral(i.getValue(), false))
                    : n instanceof LongLiteralExpr l ? Math.abs((double) GoTranslator.integralLiteral(l.getValue().replaceAll("[lL]$", ""), true))
                    : n instanceof DoubleLiteralExpr d ? literalValue(d) : 0;
            max = Math.max(max, v);
        }
        return (int) Math.min(MAX_HORIZON, Math.max(1024, 2 * Math.ceil(max) + 256));
    }

    private static double literalValue(DoubleLiteralExpr d) {
        try {
            double v = Math.abs(Double.parseDouble(d.getValue().replace("_", "").replaceAll("[dDfF]$", "")));
            return v == Math.rint(v) && v < 1e9 ? v : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** A note for the proof when the source names a constant the horizon does not reach, else null. */
    public static String horizonNote(int horizon, boolean counter) {
        if (!counter || horizon < MAX_HORIZON) {
            return null;
        }
        return "the policy's counter is followed for " + String.format(Locale.ROOT, "%,d", MAX_HORIZON) + " calls; a threshold beyond that "
                + "is not covered (a 600 s simulation calls the policy 600,000 times)";
    }

    // ---- usage-limit ----

    /** The sequences of a usage-limit policy, without their digests. */
    static List<UsageLimitSequence> usageLimitSequences(int horizon) {
        List<UsageLimitSequence> out = new ArrayList<>();
        long seed = 1;
        for (int bands = 1; bands <= GoldenVectors.MAX_BANDS; bands++) {
            int[] routers = GoldenVectors.priorities(bands);
            out.add(spec("bands=" + bands + ",grid", routers, CallSequences.Saturations.GRID, 0, seed++, 3002));
            out.add(spec("bands=" + bands + ",random", routers, CallSequences.Saturations.RANDOM, 0, seed++, SHORT));
            out.add(spec("bands=" + bands + ",walk", routers, CallSequences.Saturations.WALK, 0, seed++, SHORT));
            out.add(spec("bands=" + bands + ",special", routers, CallSequences.Saturations.SPECIAL, 0, seed++, SHORT));
            long pseed = 1000 + bands;
            out.add(spec("bands=" + bands + ",random-priorities", randomPriorities(bands, pseed), CallSequences.Saturations.RANDOM, 0,
                    seed++, SHORT / 2));
        }
        boolean longRun = horizon > 65536;
        for (int bands : longRun ? new int[] {2, 4} : new int[] {2, 3, 6}) {
            for (double h : longRun ? LONG_HOLDS : HOLDS) {
                out.add(spec("bands=" + bands + ",hold=" + GoTranslator.goDouble(h), GoldenVectors.priorities(bands),
                        CallSequences.Saturations.HOLD, h, seed++, horizon));
            }
        }
        return out;
    }

    /** Distinct priorities, highest first, between -1000 and 1000. */
    private static int[] randomPriorities(int bands, long seed) {
        CallSequences.SplitMix r = new CallSequences.SplitMix(seed);
        java.util.TreeSet<Integer> set = new java.util.TreeSet<>(java.util.Comparator.reverseOrder());
        while (set.size() < bands) {
            set.add(r.below(2001) - 1000);
        }
        return set.stream().mapToInt(Integer::intValue).toArray();
    }

    private static UsageLimitSequence spec(String name, int[] priorities, CallSequences.Saturations kind, double hold, long seed, int calls) {
        int chunk = Math.max(CHUNK, (calls + MAX_DIGESTS - 1) / MAX_DIGESTS);
        return new UsageLimitSequence(name, priorities, kind, hold, seed, calls, chunk, null);
    }

    /** Runs every sequence on fresh instances and keeps Java's digests. */
    public static Proof usageLimit(Supplier<UsageLimitPolicy> fresh, int horizon, String horizonNote) {
        List<UsageLimitSequence> out = new ArrayList<>();
        for (UsageLimitSequence q : usageLimitSequences(horizon)) {
            out.add(new UsageLimitSequence(q.name(), q.priorities(), q.saturations(), q.hold(), q.seed(), q.calls(), q.chunk(),
                    run(q, fresh.get(), 0, 0, null)));
        }
        return new Proof(out, false, horizon, horizonNote);
    }

    /** One usage-limit call's answer: the ceilings, or null when it failed. */
    public record UsageLimitAnswer(double saturation, double[] ceilings, String fault) {
    }

    /**
     * Runs one sequence: returns the digests, and collects the answers of calls {@code [from, to)} into {@code answers} when given.
     */
    public static long[] run(UsageLimitSequence q, UsageLimitPolicy p, int from, int to, List<UsageLimitAnswer> answers) {
        CallSequences.SaturationStream stream = new CallSequences.SaturationStream(q.saturations(), q.hold(), q.seed());
        int bands = q.priorities().length;
        double[] c = new double[bands];
        Chunks chunks = new Chunks(q.calls(), q.chunk());
        for (int call = 0; call < q.calls(); call++) {
            double s = stream.next();
            Arrays.fill(c, 1.0);
            String fault = null;
            try {
                p.computeLimit(s, q.priorities().clone(), c);
                for (double v : c) {
                    chunks.digest().value(v);
                }
            } catch (CandidateFault f) {
                fault = f.getMessage();
                chunks.digest().word(CallSequences.Digest.FAULT);
            }
            if (answers != null && call >= from && call < to) {
                answers.add(new UsageLimitAnswer(s, fault == null ? c.clone() : null, fault));
            }
            chunks.endCall(call);
        }
        return chunks.digests();
    }

    // ---- admission ----

    static List<AdmissionSequence> admissionSequences(int horizon) {
        List<AdmissionSequence> out = new ArrayList<>();
        long seed = 101;
        for (int i = 0; i < 3; i++) {
            out.add(admissionSpec("random-" + (i + 1), CallSequences.PoolStates.RANDOM, 0, seed++, SHORT));
        }
        out.add(admissionSpec("grid", CallSequences.PoolStates.GRID, 0, seed++, 3 * 151 * 4));
        for (int i = 0; i < 2; i++) {
            out.add(admissionSpec("special-" + (i + 1), CallSequences.PoolStates.SPECIAL, 0, seed++, SHORT));
        }
        for (double h : horizon > 65536 ? LONG_HOLDS : HOLDS) {
            out.add(admissionSpec("hold=" + GoTranslator.goDouble(h), CallSequences.PoolStates.HOLD, h, seed++, horizon));
        }
        return out;
    }

    private static AdmissionSequence admissionSpec(String name, CallSequences.PoolStates kind, double hold, long seed, int calls) {
        int chunk = Math.max(CHUNK, (calls + MAX_DIGESTS - 1) / MAX_DIGESTS);
        return new AdmissionSequence(name, kind, hold, seed, calls, chunk, null);
    }

    /** Runs every admission sequence on fresh instances and keeps Java's digests. */
    public static Proof admission(Supplier<AdmissionPolicy> fresh, boolean terms, int horizon, String horizonNote) {
        List<AdmissionSequence> out = new ArrayList<>();
        for (AdmissionSequence q : admissionSequences(horizon)) {
            out.add(new AdmissionSequence(q.name(), q.states(), q.hold(), q.seed(), q.calls(), q.chunk(), run(q, fresh.get(), 0, 0, null)));
        }
        return new Proof(out, terms, horizon, horizonNote);
    }

    /** One admission call: its inputs and the decision (null when it failed). */
    public record AdmissionAnswer(CallSequences.AdmissionCall call, Boolean admitted, String fault) {
    }

    public static long[] run(AdmissionSequence q, AdmissionPolicy p, int from, int to, List<AdmissionAnswer> answers) {
        CallSequences.AdmissionStream stream = new CallSequences.AdmissionStream(q.states(), q.hold(), q.seed());
        Chunks chunks = new Chunks(q.calls(), q.chunk());
        for (int call = 0; call < q.calls(); call++) {
            CallSequences.AdmissionCall in = stream.next();
            Boolean admitted = null;
            String fault = null;
            try {
                admitted = p.admit(in.priority(), in.saturation(), in.queue(), in.kv(), in.u());
                chunks.digest().word(admitted ? 1 : 0);
            } catch (CandidateFault f) {
                fault = f.getMessage();
                chunks.digest().word(CallSequences.Digest.FAULT);
            }
            if (answers != null && call >= from && call < to) {
                answers.add(new AdmissionAnswer(in, admitted, fault));
            }
            chunks.endCall(call);
        }
        return chunks.digests();
    }

    /** Java's answers to calls {@code [from, to)} of a usage-limit sequence, from a fresh instance. */
    public static List<UsageLimitAnswer> answers(UsageLimitSequence q, UsageLimitPolicy fresh, int from, int to) {
        List<UsageLimitAnswer> out = new ArrayList<>();
        run(q, fresh, from, to, out);
        return out;
    }

    /** Java's answers to calls {@code [from, to)} of an admission sequence, from a fresh instance. */
    public static List<AdmissionAnswer> answers(AdmissionSequence q, AdmissionPolicy fresh, int from, int to) {
        List<AdmissionAnswer> out = new ArrayList<>();
        run(q, fresh, from, to, out);
        return out;
    }

    // ---- routing ----

    static List<RoutingSequence> routingSequences(int horizon) {
        List<RoutingSequence> out = new ArrayList<>();
        long seed = 201;
        for (int i = 0; i < 3; i++) {
            out.add(routingSpec("random-" + (i + 1), CallSequences.EndpointStates.RANDOM, seed++, SHORT));
        }
        out.add(routingSpec("grid", CallSequences.EndpointStates.GRID, seed++, 21 * 33 * 11));
        for (int i = 0; i < 2; i++) {
            out.add(routingSpec("special-" + (i + 1), CallSequences.EndpointStates.SPECIAL, seed++, SHORT));
        }
        for (int i = 0; i < 3; i++) {
            out.add(routingSpec("hold-" + (i + 1), CallSequences.EndpointStates.HOLD, seed++, horizon));
        }
        return out;
    }

    private static RoutingSequence routingSpec(String name, CallSequences.EndpointStates kind, long seed, int calls) {
        int chunk = Math.max(CHUNK, (calls + MAX_DIGESTS - 1) / MAX_DIGESTS);
        return new RoutingSequence(name, kind, seed, calls, chunk, null);
    }

    /** Runs every routing sequence on fresh instances and keeps Java's digests of the scores. */
    public static Proof routing(Supplier<RoutingScorer> fresh, int horizon, String horizonNote) {
        List<RoutingSequence> out = new ArrayList<>();
        for (RoutingSequence q : routingSequences(horizon)) {
            out.add(new RoutingSequence(q.name(), q.states(), q.seed(), q.calls(), q.chunk(), run(q, fresh.get(), 0, 0, null)));
        }
        return new Proof(out, false, horizon, horizonNote);
    }

    /** One routing call: its inputs and the score (null when it failed). */
    public record RoutingAnswer(CallSequences.RoutingCall call, Double score, String fault) {
    }

    public static long[] run(RoutingSequence q, RoutingScorer p, int from, int to, List<RoutingAnswer> answers) {
        CallSequences.RoutingStream stream = new CallSequences.RoutingStream(q.states(), q.seed());
        Chunks chunks = new Chunks(q.calls(), q.chunk());
        for (int call = 0; call < q.calls(); call++) {
            CallSequences.RoutingCall in = stream.next();
            Double score = null;
            String fault = null;
            try {
                score = in.scoredBy(p);
                chunks.digest().value(score);
            } catch (CandidateFault f) {
                fault = f.getMessage();
                chunks.digest().word(CallSequences.Digest.FAULT);
            }
            if (answers != null && call >= from && call < to) {
                answers.add(new RoutingAnswer(in, score, fault));
            }
            chunks.endCall(call);
        }
        return chunks.digests();
    }

    /** Java's answers to calls {@code [from, to)} of a routing sequence, from a fresh instance. */
    public static List<RoutingAnswer> answers(RoutingSequence q, RoutingScorer fresh, int from, int to) {
        List<RoutingAnswer> out = new ArrayList<>();
        run(q, fresh, from, to, out);
        return out;
    }
}
