package io.nous.sim.routing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The primitive index against a literal transcription of upstream's indexer.go: per-endpoint LRUs
 * with an eviction callback that clears the endpoint from the hash's set, and the set update after
 * all the adds. Random prompts over a small hash space exercise refreshes (a tenant's prefix again, whose
 * blocks move to the head as one run), evictions, entries recycled, and prompts longer than an LRU.
 */
class PrefixIndexTest {

    /** indexer.go as written, on java.util collections. */
    private static final class Reference {
        final Map<Long, Set<Integer>> hashToPods = new HashMap<>();
        final Map<Integer, LinkedHashMap<Long, Boolean>> lrus = new HashMap<>();

        void add(long[] hashes, int n, int pod, int capacity) {
            LinkedHashMap<Long, Boolean> lru = lrus.computeIfAbsent(pod, p -> new LinkedHashMap<>(16, 0.75f, true));
            for (int i = 0; i < n; i++) {
                long h = hashes[i];
                if (lru.containsKey(h)) {
                    lru.get(h); // golang-lru Add on a present key: most recent
                    continue;
                }
                if (lru.size() == capacity) {
                    long oldest = lru.keySet().iterator().next();
                    lru.remove(oldest);
                    Set<Integer> s = hashToPods.get(oldest);
                    if (s != null) {
                        s.remove(pod);
                        if (s.isEmpty()) {
                            hashToPods.remove(oldest);
                        }
                    }
                }
                lru.put(h, true);
            }
            for (int i = 0; i < n; i++) {
                hashToPods.computeIfAbsent(hashes[i], k -> new HashSet<>()).add(pod);
            }
        }

        long holders(long h) {
            long m = 0;
            for (int p : hashToPods.getOrDefault(h, Set.of())) {
                m |= 1L << p;
            }
            return m;
        }
    }

    /** With entry hints of every kind (fresh, stale, garbage) too: a hint changes the cost, never the answer. */
    @Test
    void agreesWithUpstreamsIndexerOnRandomPrompts() {
        SplittableRandom rnd = new SplittableRandom(11);
        for (int round = 0; round < 20; round++) {
            int pods = 1 + rnd.nextInt(6);
            int capacity = 4 + rnd.nextInt(40);
            PrefixIndex index = new PrefixIndex(pods);
            Reference ref = new Reference();
            List<Long> seen = new ArrayList<>();
            int[][] lastEntries = new int[8][0];
            for (int step = 0; step < 400; step++) {
                int n = 1 + rnd.nextInt(capacity + 10); // sometimes longer than an LRU
                long[] hashes = new long[n];
                long tenant = rnd.nextInt(8);
                int shared = rnd.nextInt(n + 1);
                for (int i = 0; i < n; i++) {
                    hashes[i] = i < shared ? tenant * 1000 + i : 1_000_000L + rnd.nextInt(500);
                    seen.add(hashes[i]);
                }
                int pod = rnd.nextInt(pods);
                // hints: the entries this tenant's last prompt found (often stale by now), garbage, or none;
                // checked entry by entry, they may change the cost, never the answer
                int[] hints = new int[n];
                int hinted = 0;
                switch (rnd.nextInt(3)) {
                    case 0 -> {
                        int[] last = lastEntries[(int) tenant];
                        hinted = Math.min(n, last.length);
                        System.arraycopy(last, 0, hints, 0, hinted);
                    }
                    case 1 -> {
                        hinted = rnd.nextInt(n + 1);
                        for (int i = 0; i < hinted; i++) {
                            hints[i] = rnd.nextInt(-3, 2_000);
                        }
                    }
                    default -> { }
                }
                for (int i = 0; i < hinted; i++) {
                    assertThat(index.holders(hashes[i], hints[i])).isEqualTo(index.holders(hashes[i]));
                }
                index.add(hashes, n, pod, capacity, hints, hinted);
                ref.add(hashes, n, pod, capacity);
                for (int i = 0; i < n; i++) {
                    assertThat(index.holders(hashes[i])).as("hash %d after step %d of round %d", hashes[i], step, round)
                            .isEqualTo(ref.holders(hashes[i]));
                }
                lastEntries[(int) tenant] = new int[n];
                for (int i = 0; i < n; i++) {
                    // each block's entry as the add leaves it, also where the add released and reused entries
                    assertThat(index.addedEntry(i)).as("entry of block %d after step %d of round %d", i, step, round)
                            .isEqualTo(index.entryOf(hashes[i]));
                    lastEntries[(int) tenant][i] = index.addedEntry(i);
                }
            }
            for (long h : seen) {
                assertThat(index.holders(h)).as("hash %d in round %d", h, round).isEqualTo(ref.holders(h));
            }
            for (int p = 0; p < pods; p++) {
                assertThat(index.blocks(p)).isEqualTo(ref.lrus.containsKey(p) ? ref.lrus.get(p).size() : 0);
            }
        }
    }
    /**
     * Prompts made of a tenant's span (its own chain, sometimes cut shorter), a session's history (a round repeats the
     * last one's blocks and adds its own) and blocks of their own, added with the span's and the history's stretches as
     * the producer passes them: the sets, the LRUs' sizes and the entries agree with upstream's indexer, and every
     * match told by the stretches agrees with a walk of the blocks. Capacities run from a few prompts (evictions
     * everywhere, runs rarely intact) to many (runs moved whole); the index asserts each run it moves whole.
     */
    @Test
    void stretchesChangeNothingButTheWork() {
        SplittableRandom rnd = new SplittableRandom(29);
        for (int round = 0; round < 30; round++) {
            int pods = 1 + rnd.nextInt(6);
            int capacity = round % 3 == 0 ? 20 + rnd.nextInt(60) : 400 + rnd.nextInt(2_000);
            PrefixIndex index = new PrefixIndex(pods);
            Reference ref = new Reference();
            PrefixIndex.Stretch[] spans = new PrefixIndex.Stretch[5];
            int[] spanLength = new int[5];
            for (int t = 0; t < spans.length; t++) {
                spans[t] = index.stretch(false);
                spanLength[t] = 1 + rnd.nextInt(30);
            }
            PrefixIndex.Stretch[] histories = new PrefixIndex.Stretch[4];
            long[][] sessionBlocks = new long[4][];
            int[] sessionSpan = new int[4];
            long fresh = 10_000_000L;
            for (int step = 0; step < 300; step++) {
                int t = rnd.nextInt(spans.length);
                int k = rnd.nextInt(10) == 0 ? rnd.nextInt(spanLength[t] + 1) : spanLength[t];
                int s = rnd.nextInt(6); // a session's round, or (4, 5) a prompt with a span and blocks of its own
                long[] hashes;
                PrefixIndex.Stretch history = null;
                if (s < 4) {
                    if (sessionBlocks[s] == null || rnd.nextInt(8) == 0) { // a new session
                        sessionSpan[s] = t;
                        sessionBlocks[s] = new long[0];
                        histories[s] = index.stretch(false);
                    }
                    t = sessionSpan[s];
                    k = spanLength[t];
                    long[] before = sessionBlocks[s];
                    int shared = before.length == 0 ? 0 : before.length - rnd.nextInt(2); // the last block may differ
                    int n = Math.max(shared, k) + 1 + rnd.nextInt(12);
                    hashes = new long[n];
                    for (int i = 0; i < n; i++) {
                        hashes[i] = i < k ? t * 1000 + i : i < shared ? before[i] : fresh++;
                    }
                    histories[s].trim(Math.max(0, shared - k));
                    history = histories[s];
                    sessionBlocks[s] = hashes;
                } else {
                    int n = k + rnd.nextInt(10);
                    hashes = new long[Math.max(n, 1)];
                    for (int i = 0; i < hashes.length; i++) {
                        hashes[i] = i < k ? t * 1000 + i : fresh++;
                    }
                    k = Math.min(k, hashes.length);
                }
                int n = hashes.length;
                int[] matched = new int[pods];
                int from = walkedByStretches(index, spans[t], k, history, n, matched);
                int[] expected = new int[pods];
                walk(ref, hashes, 0, n, expected);
                int[] rest = matched.clone();
                walk(ref, hashes, from, n, rest);
                assertThat(rest).as("matches at step %d of round %d", step, round).containsExactly(expected);
                int pod = rnd.nextInt(pods);
                index.add(hashes, n, pod, capacity, null, 0, spans[t], k, history, n);
                ref.add(hashes, n, pod, capacity);
                for (int i = 0; i < n; i++) {
                    assertThat(index.holders(hashes[i])).as("hash %d after step %d of round %d", hashes[i], step, round)
                            .isEqualTo(ref.holders(hashes[i]));
                    assertThat(index.addedEntry(i)).isEqualTo(index.entryOf(hashes[i]));
                }
                for (int p = 0; p < pods; p++) {
                    assertThat(index.blocks(p)).isEqualTo(ref.lrus.containsKey(p) ? ref.lrus.get(p).size() : 0);
                }
            }
        }
    }

    /** The producer's use of the stretches for a match: the span's, then the history's; returns the block a walk goes on from. */
    private static int walkedByStretches(PrefixIndex index, PrefixIndex.Stretch span, int k, PrefixIndex.Stretch history, int n, int[] matched) {
        int passed = index.match(span, k, matched);
        if (passed < 0) {
            return 0;
        }
        if (passed < k) {
            return n;
        }
        if (history == null || index.match(history, n - k, matched) < 0) {
            return k;
        }
        return n;
    }

    /** Upstream's match walk over blocks [from, n): per endpoint, the blocks it holds until a block nobody holds. */
    private static void walk(Reference ref, long[] hashes, int from, int n, int[] matched) {
        for (int i = from; i < n; i++) {
            long holders = ref.holders(hashes[i]);
            if (holders == 0) {
                return;
            }
            for (long m = holders; m != 0; m &= m - 1) {
                matched[Long.numberOfTrailingZeros(m)]++;
            }
        }
    }

    /**
     * Prompts of a tenant's span and then blocks of their own, those left out of the hash table, some added a second
     * time to another endpoint with the first add's entries as hints (a P/D route's prefill pick): the sets (read
     * through the entries for the prompt's own blocks, which nobody looks up by hash), the LRUs and the evictions
     * agree with upstream's indexer, with LRUs small enough to evict prompts' own blocks and to outgrow a prompt.
     */
    @Test
    void aPromptsOwnBlocksNeedNoHashTable() {
        SplittableRandom rnd = new SplittableRandom(41);
        for (int round = 0; round < 20; round++) {
            int pods = 1 + rnd.nextInt(5);
            int capacity = 6 + rnd.nextInt(round % 2 == 0 ? 30 : 300);
            PrefixIndex index = new PrefixIndex(pods);
            Reference ref = new Reference();
            long fresh = 1_000_000L;
            List<long[]> prompts = new ArrayList<>();
            List<int[]> entries = new ArrayList<>();
            for (int step = 0; step < 300; step++) {
                int t = rnd.nextInt(6);
                int k = rnd.nextInt(12);
                int n = k + rnd.nextInt(15);
                if (n == 0) {
                    continue;
                }
                long[] hashes = new long[n];
                for (int i = 0; i < n; i++) {
                    hashes[i] = i < k ? t * 1000 + i : fresh++;
                }
                int pod = rnd.nextInt(pods);
                index.add(hashes, n, pod, capacity, null, 0, null, 0, null, k);
                ref.add(hashes, n, pod, capacity);
                int[] added = new int[n];
                for (int i = 0; i < n; i++) {
                    added[i] = index.addedEntry(i);
                }
                if (pods > 1 && rnd.nextInt(3) == 0) {
                    int other = (pod + 1 + rnd.nextInt(pods - 1)) % pods;
                    index.add(hashes, n, other, capacity, added, n, null, 0, null, k);
                    ref.add(hashes, n, other, capacity);
                    for (int i = 0; i < n; i++) {
                        added[i] = index.addedEntry(i);
                    }
                }
                prompts.add(hashes);
                entries.add(added);
                // every prompt so far, its own blocks read through the entries its last add left
                for (int q = 0; q < prompts.size(); q++) {
                    long[] h = prompts.get(q);
                    for (int i = 0; i < h.length; i++) {
                        assertThat(index.holders(h[i], entries.get(q)[i])).as("block %d of prompt %d after step %d of round %d", i, q, step, round)
                                .isEqualTo(ref.holders(h[i]));
                    }
                }
                for (int p = 0; p < pods; p++) {
                    assertThat(index.blocks(p)).isEqualTo(ref.lrus.containsKey(p) ? ref.lrus.get(p).size() : 0);
                }
            }
        }
    }
}
