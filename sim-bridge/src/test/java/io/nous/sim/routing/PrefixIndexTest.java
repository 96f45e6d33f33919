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
}
