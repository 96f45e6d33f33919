package io.nous.codegen.golang.proof;

import io.nous.codegen.guard.CandidateFault;
import io.nous.sim.spi.FairnessPolicy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A fairness policy's golden vectors and equivalence proof. The golden vectors are bands as the
 * router holds them, picked from step after step on one band state: flows keyed by the router's
 * string flow IDs (tenant numbers, names, a mix), each queue's head (enqueue time, the raw SLO
 * header, payload size), queues that are empty, heads that tie under the band's ordering; they go
 * through the exported plugin's {@code Pick}, so they check the adapter (which flows are
 * candidates, their ids, their order, their ranks) as well as the translation. The proof replays
 * seeded sequences of drawn band snapshots through the translated function on one carried state,
 * each call's pick and the state after it a word of the digest.
 */
public final class FairnessProof {
    /** The first id a flow whose ID is not a small decimal number gets: ids below are the tenants' own numbers. */
    public static final int INTERN_BASE = 1 << 30;

    private FairnessProof() {
    }

    /** One flow of a golden step: its router flow ID, how many requests it holds, and its head's fields (header as sent, null: absent). */
    public record GoldenFlow(String id, int queued, long enqueueUs, String header, long bytes) {
        String json() {
            return "{\"id\": \"" + id + "\", \"queued\": " + queued + ", \"enqueueUs\": " + enqueueUs + ", \"header\": "
                    + (header == null ? "null" : "\"" + header + "\"") + ", \"bytes\": " + bytes + "}";
        }
    }

    /** One step: the band's flows in the order the band iterates them, and the flow ID the Java picked ("" when none holds requests). */
    public record GoldenStep(List<GoldenFlow> flows, String want) {
    }

    /** One golden band: steps picked in order on one state. */
    public record GoldenBand(String name, List<GoldenStep> steps) {
    }

    /** A sequence of drawn band snapshots: its seed, calls and Java's digests. */
    public record FairnessSequence(String name, long seed, int maxFlows, int calls, int chunk, long[] digests)
            implements EquivalenceProof.Sequence {
        @Override
        public String json() {
            return "{\"name\": \"" + name + "\", \"seed\": " + seed + ", \"maxFlows\": " + maxFlows + ", \"calls\": " + calls
                    + ", \"chunk\": " + chunk + ", \"digests\": " + EquivalenceProof.digestsJson(digests) + "}";
        }
    }

    /** One call of a sequence: the snapshot, the pick and the state after it (null pick when the policy threw). */
    public record Answer(Snapshot in, Integer pick, long[] state, String fault) {
    }

    /** The inputs of one pick, arrays exactly {@code flows} long. */
    public record Snapshot(int flows, int[] flowIds, int[] queued, int[] headRank, long[] headEnqueueUs, long[] headBytes,
                           long[] headSloTtftMs) {
        /** In words, for a mismatch message. */
        public String describe() {
            return flows + " flows: ids " + Arrays.toString(flowIds) + ", queued " + Arrays.toString(queued) + ", head ranks "
                    + Arrays.toString(headRank) + ", head enqueue us " + Arrays.toString(headEnqueueUs) + ", head bytes "
                    + Arrays.toString(headBytes) + ", head SLO ms " + Arrays.toString(headSloTtftMs);
        }
    }

    // ---- the adapter's rules, as the Go package applies them ----

    /** A band's flow ids as the exported plugin keeps them: a decimal flow ID below {@link #INTERN_BASE} is its own id, others are numbered in order of first sight. */
    static final class FlowIds {
        private final Map<String, Integer> interned = new HashMap<>();
        private int next = INTERN_BASE;

        int id(String flowId) {
            if (flowId.matches("0|[1-9][0-9]{0,9}")) {
                long v = Long.parseLong(flowId);
                if (v < INTERN_BASE) {
                    return (int) v;
                }
            }
            Integer known = interned.get(flowId);
            if (known != null) {
                return known;
            }
            int id = next++;
            interned.put(flowId, id);
            return id;
        }
    }

    /**
     * Each flow's place among the flows' heads (flows in ascending id, {@code before} the band's
     * ordering), by the binary insertion the simulator uses: a head that neither goes before nor after
     * an earlier-placed one is placed ahead of it.
     */
    static int[] ranks(int n, java.util.function.BiPredicate<Integer, Integer> before) {
        int[] byHead = new int[n];
        for (int i = 0; i < n; i++) {
            int lo = 0;
            int hi = i;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (before.test(byHead[mid], i)) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            System.arraycopy(byHead, lo, byHead, lo + 1, i - lo);
            byHead[lo] = i;
        }
        int[] rank = new int[n];
        for (int r = 0; r < n; r++) {
            rank[byHead[r]] = r;
        }
        return rank;
    }

    // ---- golden vectors ----

    /** The golden bands, each step picked by the Java on one state; a fault or a pick out of range refuses the export. */
    public static List<GoldenBand> golden(Supplier<FairnessPolicy> fresh) {
        long t = QueueItems.WALL_CLOCK_US;
        List<GoldenBand> bands = new ArrayList<>();
        List<List<GoldenFlow>> tenants = new ArrayList<>();
        for (int step = 0; step < 8; step++) {
            List<GoldenFlow> flows = new ArrayList<>();
            for (int k = 3; k >= 0; k--) { // iterated in descending id: the plugin sorts
                int queued = (k * 7 + step * 3) % 5;
                flows.add(new GoldenFlow(Integer.toString(k), queued, t + 1_000L * ((k * 5 + step) % 7) + step * 10_000L,
                        k == 2 ? "250" : null, 256 + 400L * (k + 1)));
            }
            tenants.add(flows);
        }
        bands.add(band("tenant-numbers", tenants, fresh));
        List<List<GoldenFlow>> named = new ArrayList<>();
        String[] names = {"tenant-b", "tenant-a", "acme", "zeta"};
        for (int step = 0; step < 8; step++) {
            List<GoldenFlow> flows = new ArrayList<>();
            int present = Math.min(names.length, 2 + step / 2); // a flow appears every other step
            for (int k = 0; k < present; k++) {
                flows.add(new GoldenFlow(names[k], 1 + (k + step) % 4, t + 2_000L * ((k + 2 * step) % 5), null, 256 + 4L * 100 * (k + step)));
            }
            named.add(flows);
        }
        bands.add(band("tenant-names", named, fresh));
        List<List<GoldenFlow>> mixed = new ArrayList<>();
        mixed.add(List.of(new GoldenFlow("7", 2, t, " 400 ", 1_256), new GoldenFlow("tenant-x", 3, t, "abc", 656),
                new GoldenFlow("12", 1, t, null, 800_256), new GoldenFlow("007", 1, t + 5, "", 260)));
        mixed.add(List.of(new GoldenFlow("7", 1, t + 9, "-5", 1_256), new GoldenFlow("12", 0, t, null, 256)));
        mixed.add(List.of(new GoldenFlow("1073741824", 4, t + 1, "9223372036855", 256), new GoldenFlow("7", 1, t + 9, null, 1_256)));
        mixed.add(List.of(new GoldenFlow("12", 0, t, null, 256)));
        mixed.add(List.of(new GoldenFlow("tenant-x", 5, t - 3, "0", 4_096), new GoldenFlow("007", 2, t - 3, "0", 4_096),
                new GoldenFlow("0", 9, t - 3, "0", 4_096)));
        bands.add(band("mixed-ids-and-ties", mixed, fresh));
        CallSequences.SplitMix rng = new CallSequences.SplitMix(0xfa12);
        List<List<GoldenFlow>> drawn = new ArrayList<>();
        for (int step = 0; step < 12; step++) {
            List<GoldenFlow> flows = new ArrayList<>();
            int n = 1 + rng.below(6);
            int id = rng.below(4);
            for (int k = 0; k < n; k++) {
                QueueItems.Item head = QueueItems.draw(rng, null);
                flows.add(new GoldenFlow(Integer.toString(id), rng.below(5), head.enqueueUs(),
                        head.sloTtftMs() < 0 ? null : Long.toString(head.sloTtftMs()), head.bytes()));
                id += 1 + rng.below(3);
            }
            drawn.add(flows);
        }
        bands.add(band("drawn", drawn, fresh));
        return bands;
    }

    private static GoldenBand band(String name, List<List<GoldenFlow>> steps, Supplier<FairnessPolicy> fresh) {
        FairnessPolicy p = fresh.get();
        long[] state = new long[FairnessPolicy.STATE_SIZE];
        FlowIds ids = new FlowIds();
        List<GoldenStep> out = new ArrayList<>();
        for (List<GoldenFlow> step : steps) {
            List<GoldenFlow> held = new ArrayList<>(step.stream().filter(f -> f.queued() > 0).toList());
            if (held.isEmpty()) {
                out.add(new GoldenStep(step, ""));
                continue;
            }
            held.forEach(f -> ids.id(f.id())); // ids are taken in the order the band iterates, as the plugin does
            held.sort((a, b) -> Integer.compare(ids.id(a.id()), ids.id(b.id())));
            int n = held.size();
            Snapshot s = new Snapshot(n, new int[n], new int[n], null, new long[n], new long[n], new long[n]);
            for (int i = 0; i < n; i++) {
                GoldenFlow f = held.get(i);
                s.flowIds()[i] = ids.id(f.id());
                s.queued()[i] = f.queued();
                s.headEnqueueUs()[i] = f.enqueueUs();
                s.headBytes()[i] = f.bytes();
                s.headSloTtftMs()[i] = QueueItems.sloHeader(f.header());
            }
            // the golden test's queues order first come, first served
            int[] rank = ranks(n, (a, b) -> s.headEnqueueUs()[a] < s.headEnqueueUs()[b]);
            int pick;
            try {
                pick = p.pick(n, s.flowIds(), s.queued(), rank, s.headEnqueueUs(), s.headBytes(), s.headSloTtftMs(), state);
            } catch (CandidateFault f) {
                throw new IllegalArgumentException("it fails on a band the router can present (" + name + "): " + f.getMessage());
            }
            if (pick < 0 || pick >= n) {
                throw new IllegalArgumentException("it picks flow " + pick + " of " + n + " on a band the router can present (" + name
                        + "); a pick is an index in [0, " + n + ")");
            }
            out.add(new GoldenStep(step, held.get(pick).id()));
        }
        return new GoldenBand(name, out);
    }

    /** How many steps the golden bands hold. */
    public static int steps(List<GoldenBand> bands) {
        return bands.stream().mapToInt(b -> b.steps().size()).sum();
    }

    /** The golden vectors as the Go test reads them. */
    public static String goldenJson(List<GoldenBand> bands) {
        StringBuilder sb = new StringBuilder("[\n");
        for (int b = 0; b < bands.size(); b++) {
            GoldenBand band = bands.get(b);
            sb.append("  {\"name\": \"").append(band.name()).append("\", \"steps\": [\n");
            for (int s = 0; s < band.steps().size(); s++) {
                GoldenStep step = band.steps().get(s);
                sb.append("    {\"flows\": [").append(String.join(", ", step.flows().stream().map(GoldenFlow::json).toList()))
                        .append("], \"want\": \"").append(step.want()).append("\"}").append(s < band.steps().size() - 1 ? "," : "")
                        .append('\n');
            }
            sb.append("  ]}").append(b < bands.size() - 1 ? "," : "").append('\n');
        }
        return sb.append("]\n").toString();
    }

    // ---- the proof ----

    /** The proof: seeded sequences of drawn band snapshots, few flows and many, each on one carried state. */
    public static EquivalenceProof.Proof record(Supplier<FairnessPolicy> fresh) {
        List<FairnessSequence> out = new ArrayList<>();
        int[] maxFlows = {2, 8, 8, 40};
        for (int i = 0; i < maxFlows.length; i++) {
            FairnessSequence q = new FairnessSequence("bands-" + (i + 1), 0xfa1L + i, maxFlows[i], EquivalenceProof.SHORT,
                    EquivalenceProof.CHUNK, null);
            out.add(new FairnessSequence(q.name(), q.seed(), q.maxFlows(), q.calls(), q.chunk(), run(q, fresh.get(), 0, 0, null)));
        }
        return new EquivalenceProof.Proof(out, false, 64, null);
    }

    /**
     * A band snapshot drawn as the Go test draws it: 1 to {@code maxFlows} flows, ids dense from 0,
     * sparse, or high (where ids of named flows start), queues of one request to a billion, ranks a
     * drawn permutation, heads drawn as the ordering proof draws queue items.
     */
    public static Snapshot draw(CallSequences.SplitMix rng, int maxFlows) {
        int n = 1 + rng.below(maxFlows);
        int[] ids = new int[n];
        int idKind = rng.below(4);
        int id = switch (idKind) {
            case 0 -> 0;
            case 1 -> rng.below(16);
            case 2 -> rng.below(1 << 20);
            default -> INTERN_BASE + rng.below(64);
        };
        for (int i = 0; i < n; i++) {
            ids[i] = id;
            id += idKind == 0 ? 1 : 1 + rng.below(idKind == 1 ? 4 : 1 << 10);
        }
        int[] queued = new int[n];
        for (int i = 0; i < n; i++) {
            queued[i] = switch (rng.below(4)) {
                case 0 -> 1;
                case 1 -> 1 + rng.below(8);
                case 2 -> 1 + rng.below(1_000);
                default -> 1 + rng.below(1 << 30);
            };
        }
        int[] rank = new int[n];
        for (int i = 0; i < n; i++) {
            rank[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rng.below(i + 1);
            int tmp = rank[i];
            rank[i] = rank[j];
            rank[j] = tmp;
        }
        long[] enqueue = new long[n];
        long[] bytes = new long[n];
        long[] slo = new long[n];
        QueueItems.Item other = null;
        for (int i = 0; i < n; i++) {
            QueueItems.Item head = QueueItems.draw(rng, other);
            enqueue[i] = head.enqueueUs();
            bytes[i] = head.bytes();
            slo[i] = head.sloTtftMs();
            other = head;
        }
        return new Snapshot(n, ids, queued, rank, enqueue, bytes, slo);
    }

    /** Replays {@code q} on {@code p} with one state: its digests, and the answers of calls {@code from} to {@code to} (exclusive) into {@code answers}. */
    public static long[] run(FairnessSequence q, FairnessPolicy p, int from, int to, List<Answer> answers) {
        CallSequences.SplitMix rng = new CallSequences.SplitMix(q.seed());
        EquivalenceProof.Chunks chunks = new EquivalenceProof.Chunks(q.calls(), q.chunk());
        long[] state = new long[FairnessPolicy.STATE_SIZE];
        for (int call = 0; call < q.calls(); call++) {
            Snapshot s = draw(rng, q.maxFlows());
            Integer pick = null;
            String fault = null;
            try {
                pick = p.pick(s.flows(), s.flowIds().clone(), s.queued().clone(), s.headRank().clone(), s.headEnqueueUs().clone(),
                        s.headBytes().clone(), s.headSloTtftMs().clone(), state);
                chunks.digest().answer(pick, state);
            } catch (CandidateFault f) {
                fault = f.getMessage();
                chunks.digest().word(CallSequences.Digest.FAULT);
            }
            if (answers != null && call >= from && call < to) {
                answers.add(new Answer(s, pick, state.clone(), fault));
            }
            chunks.endCall(call);
        }
        return chunks.digests();
    }

    /** An answer as the Go test logs it: the pick and the state, comma-separated. */
    public static String logged(int pick, long[] state) {
        StringBuilder sb = new StringBuilder(Integer.toString(pick));
        for (long v : state) {
            sb.append(',').append(String.format(Locale.ROOT, "%d", v));
        }
        return sb.toString();
    }
}
