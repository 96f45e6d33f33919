package io.nous.sim.pod;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** vLLM V1 prefix-caching semantics of one pod's block pool (vllm/v1/core/block_pool.py, kv_cache_manager.py). */
class BlockPoolTest {
    private static final int B = 16;

    /** The full-block hashes of a prompt whose block k has content ids[k]. */
    private static long[] chain(long... ids) {
        long[] c = new long[ids.length];
        long parent = 0;
        for (int i = 0; i < ids.length; i++) {
            parent = BlockPool.chain(parent, ids[i]);
            c[i] = parent;
        }
        return c;
    }

    /** Admits a request as a pod would: reuse the hits, allocate the rest, name every full block once computed. */
    private static int[] admit(BlockPool pool, long[] chain, int promptTokens) {
        int hits = pool.lookup(chain, chain.length, promptTokens);
        int total = (promptTokens + B - 1) / B;
        int[] blocks = new int[total];
        pool.reuse(chain, hits, blocks);
        pool.allocate(total - hits, blocks, hits);
        for (int i = hits; i < chain.length; i++) {
            pool.cache(blocks[i], chain[i]);
        }
        return blocks;
    }

    @Test
    void aSecondRequestWithTheSameSystemPromptPrefillsOnlyItsSuffix() {
        BlockPool pool = new BlockPool(100, B);
        // a 1,024-token system prompt (64 blocks) and two different questions of 40 tokens
        long[] system = new long[64];
        for (int i = 0; i < system.length; i++) {
            system[i] = 1000 + i;
        }
        long[] a = chain(concat(system, 7001, 7002));
        long[] b = chain(concat(system, 8001, 8002));
        int prompt = 66 * B + 8;
        int[] first = admit(pool, a, prompt);
        assertThat(pool.hitTokens()).isZero();
        pool.free(first, first.length);
        assertThat(pool.lookup(b, b.length, prompt)).isEqualTo(64);
        // prefill only the suffix: (66 * 16 + 8) - 64 * 16 = 40 tokens
        assertThat(prompt - 64 * B).isEqualTo(40);
    }

    @Test
    void partialBlocksAreNeverHitsAndAFullHitRecomputesItsLastBlock() {
        BlockPool pool = new BlockPool(20, B);
        long[] c = chain(1, 2, 3);
        int[] held = admit(pool, c, 3 * B + 5); // three full blocks and a partial fourth that has no hash
        pool.free(held, held.length);
        assertThat(pool.cachedBlocks()).isEqualTo(3);
        // the same 53 tokens again: the three full blocks hit, the partial block is computed
        assertThat(pool.lookup(c, 3, 3 * B + 5)).isEqualTo(3);
        // a prompt of exactly the three blocks: a full hit is capped at prompt - 1 tokens, so the last block is computed
        assertThat(pool.lookup(c, 3, 3 * B)).isEqualTo(2);
        // a 1-token prompt never hits
        assertThat(pool.lookup(c, 0, 1)).isZero();
    }

    @Test
    void freeBlocksAreEvictedLeastRecentlyFreedFirstAndARequestsTailBeforeItsPrefix() {
        BlockPool pool = new BlockPool(6, B);
        int[] a = admit(pool, chain(1, 2), 2 * B + 1); // blocks 0,1 hashed, 2 partial
        int[] b = admit(pool, chain(5, 6), 2 * B + 1); // blocks 3,4 hashed, 5 partial
        assertThat(pool.freeBlocks()).isZero();
        pool.free(a, a.length); // tail first: 2, 1, 0
        pool.free(b, b.length); // then 5, 4, 3
        assertThat(pool.nextToEvict()).isEqualTo(a[2]);
        int[] out = new int[4];
        pool.allocate(4, out, 0);
        assertThat(out).containsExactly(a[2], a[1], a[0], b[2]);
        // a's prefix is gone, b's survives
        assertThat(pool.lookup(chain(1, 2), 2, 2 * B + 1)).isZero();
        assertThat(pool.lookup(chain(5, 6), 2, 2 * B + 1)).isEqualTo(2);
        assertThat(pool.evictions()).isEqualTo(2);
    }

    @Test
    void aHitOnAFreeBlockTakesItOutOfTheQueueSoItIsNotEvictedWhileHeld() {
        BlockPool pool = new BlockPool(4, B);
        long[] c = chain(1, 2);
        int[] a = admit(pool, c, 2 * B + 1);
        pool.free(a, a.length);
        int[] again = admit(pool, c, 2 * B + 1); // reuses 2 cached blocks, allocates one
        assertThat(again[0]).isEqualTo(a[0]);
        assertThat(again[1]).isEqualTo(a[1]);
        assertThat(pool.freeBlocks()).isEqualTo(1);
        int[] out = new int[1];
        pool.allocate(1, out, 0);
        assertThat(out[0]).isNotIn(again[0], again[1]);
        assertThat(pool.canAllocate(1)).isFalse();
        assertThatThrownBy(() -> pool.allocate(1, out, 0)).hasMessageContaining("with 0 free");
    }

    @Test
    void usageCountsBlocksInUseNotCachedFreeOnes() {
        BlockPool pool = new BlockPool(10, B);
        int[] a = admit(pool, chain(1, 2, 3, 4), 4 * B + 1);
        assertThat(pool.usage()).isEqualTo(0.5);
        pool.free(a, a.length);
        assertThat(pool.cachedBlocks()).isEqualTo(4);
        assertThat(pool.usage()).isZero();
        assertThat(pool.usedBlocks()).isZero();
    }

    @Test
    void queriesAndHitsAreCountedInTokensPerLookup() {
        BlockPool pool = new BlockPool(20, B);
        int[] a = admit(pool, chain(1, 2, 3), 3 * B + 5); // 53 tokens queried, 0 hit
        pool.free(a, a.length);
        admit(pool, chain(1, 2, 9), 3 * B + 5); // 53 queried, 2 blocks = 32 hit
        assertThat(pool.queriedTokens()).isEqualTo(106);
        assertThat(pool.hitTokens()).isEqualTo(32);
    }

    @Test
    void theSameContentUnderAnotherPrefixIsAnotherBlock() {
        assertThat(chain(1, 2)[1]).isNotEqualTo(chain(3, 2)[1]);
        assertThat(chain(1, 2)).isEqualTo(chain(1, 2));
    }

    @Test
    void theHashIndexAgreesWithAMapUnderRandomPutsAndRemoves() {
        Random r = new Random(11);
        BlockHashIndex index = new BlockHashIndex(8);
        Map<Long, Integer> model = new HashMap<>();
        for (int step = 0; step < 200_000; step++) {
            long key = r.nextInt(3_000) * 0x1000_0000_0001L; // collide often in the low bits
            int op = r.nextInt(3);
            if (op == 0) {
                int block = r.nextInt(1 << 20);
                boolean added = index.putIfAbsent(key, block);
                assertThat(added).isEqualTo(!model.containsKey(key));
                model.putIfAbsent(key, block);
            } else if (op == 1 && model.containsKey(key)) {
                int block = r.nextBoolean() ? model.get(key) : model.get(key) + 1;
                index.remove(key, block);
                if (block == model.get(key)) {
                    model.remove(key);
                }
            } else {
                assertThat(index.get(key)).isEqualTo(model.getOrDefault(key, -1));
            }
            assertThat(index.size()).isEqualTo(model.size());
        }
        model.forEach((k, v) -> assertThat(index.get(k)).isEqualTo(v));
    }

    /**
     * The pool against the plainest model of vLLM's free queue (a linked hash set in free order, a hit
     * on a free block removing it from the middle): under random admissions that share prefixes, frees
     * and hits on free cached blocks, every block handed out, every eviction and every count agree, and
     * the queue's ring is compacted and grown along the way. And {@link BlockPool#keptSince} never
     * vouches for a freed block that has since been evicted.
     */
    @Test
    void theFreeQueueHandsOutBlocksInExactlyTheOrderOfALinkedQueue() {
        Random r = new Random(5);
        int blocks = 64;
        BlockPool pool = new BlockPool(blocks, B);
        // the model
        int[] refs = new int[blocks];
        long[] hashOf = new long[blocks];
        boolean[] hashed = new boolean[blocks];
        Map<Long, Integer> index = new HashMap<>();
        java.util.LinkedHashSet<Integer> freeQueue = new java.util.LinkedHashSet<>();
        for (int b = 0; b < blocks; b++) {
            freeQueue.add(b);
        }
        long evictions = 0;
        java.util.List<int[]> held = new java.util.ArrayList<>();
        java.util.List<Object[]> left = new java.util.ArrayList<>();
        int lapsed = 0;
        for (int step = 0; step < 50_000; step++) {
            if (held.size() < 3 || held.size() < 8 && r.nextBoolean()) {
                // admit: a prompt of 1..12 blocks from one of 4 prefixes, its tail partly its own
                long[] c = new long[1 + r.nextInt(r.nextBoolean() ? 6 : 12)];
                int prefix = r.nextInt(4);
                long parent = 0;
                for (int k = 0; k < c.length; k++) {
                    parent = BlockPool.chain(parent, k < 6 ? 100 * prefix + k : 1_000_000 + r.nextInt(50));
                    c[k] = parent;
                }
                int[] out = new int[c.length];
                int hits = pool.cachedRun(k -> c[k], c.length, out, null, 0);
                int modelHits = 0;
                while (modelHits < c.length && index.containsKey(c[modelHits])) {
                    modelHits++;
                }
                assertThat(hits).isEqualTo(modelHits);
                int fresh = c.length - hits;
                int freeHits = pool.freeAmong(out, hits);
                if (!pool.canAllocate(fresh + freeHits)) {
                    assertThat(freeQueue.size()).isLessThan(fresh + freeHits);
                    continue;
                }
                boolean oneByOne = step % 2 == 0; // the bulk take must do what taking one by one does
                for (int k = 0; k < hits; k++) {
                    int b = index.get(c[k]);
                    assertThat(out[k]).isEqualTo(b);
                    if (oneByOne) {
                        pool.take(b);
                    }
                    if (refs[b]++ == 0) {
                        freeQueue.remove(b);
                    }
                }
                if (!oneByOne) {
                    pool.take(out, hits);
                }
                pool.allocate(fresh, out, hits);
                for (int k = hits; k < c.length; k++) {
                    int b = freeQueue.iterator().next();
                    freeQueue.remove(b);
                    if (hashed[b]) {
                        index.remove(hashOf[b]);
                        hashed[b] = false;
                        evictions++;
                    }
                    refs[b] = 1;
                    assertThat(out[k]).as("block handed out at step %d", step).isEqualTo(b);
                }
                for (int k = hits; k < c.length; k++) {
                    pool.cache(out[k], c[k]);
                    if (!hashed[out[k]] && !index.containsKey(c[k])) {
                        index.put(c[k], out[k]);
                        hashOf[out[k]] = c[k];
                        hashed[out[k]] = true;
                    }
                }
                held.add(out);
            } else {
                int[] out = held.remove(r.nextInt(held.size()));
                // what a finished round leaves its session's next round: the blocks that name a prefix now, and a mark
                java.util.Map<Integer, Long> named = new HashMap<>();
                for (int b : out) {
                    if (hashed[b]) {
                        named.put(b, hashOf[b]);
                    }
                }
                left.add(new Object[] {pool.freeMark(), named});
                pool.free(out, out.length, r.nextInt(out.length + 1)); // reading ahead from anywhere changes nothing
                for (int k = out.length - 1; k >= 0; k--) {
                    if (--refs[out[k]] == 0) {
                        freeQueue.add(out[k]);
                    }
                }
            }
            assertThat(pool.freeBlocks()).isEqualTo(freeQueue.size());
            assertThat(pool.nextToEvict()).isEqualTo(freeQueue.isEmpty() ? -1 : freeQueue.iterator().next());
            assertThat(pool.evictions()).isEqualTo(evictions);
            assertThat(pool.cachedBlocks()).isEqualTo(index.size());
            // while the pool says a mark's blocks were kept, every one of them still names its prefix
            for (var it = left.iterator(); it.hasNext(); ) {
                Object[] l = it.next();
                @SuppressWarnings("unchecked")
                Map<Integer, Long> named = (Map<Integer, Long>) l[1];
                if (!pool.keptSince((int) l[0])) {
                    it.remove();
                    lapsed++;
                    continue;
                }
                named.forEach((b, h) -> assertThat(index.get(h)).as("block %d kept since its mark", b).isEqualTo(b));
            }
        }
        assertThat(evictions).isGreaterThan(100);
        assertThat(lapsed).as("marks the pool stopped vouching for").isGreaterThan(100);
    }

    @Test
    void aFreeMarkVouchesForTheBlocksFreedAfterItUntilOneOfThemIsTakenForAnAllocation() {
        BlockPool pool = new BlockPool(8, B);
        int[] first = admit(pool, chain(1, 2, 3), 3 * B + 1); // 4 blocks, 3 named
        int mark = pool.freeMark();
        pool.free(first, first.length);
        assertThat(pool.keptSince(mark)).isTrue();
        int[] other = new int[4];
        pool.allocate(4, other, 0); // the 4 blocks that were never used, freed before the mark
        assertThat(pool.keptSince(mark)).isTrue();
        assertThat(pool.lookup(chain(1, 2, 3), 3, 3 * B + 1)).isEqualTo(3);
        int[] one = new int[1];
        pool.allocate(1, one, 0); // the first round's tail block, freed after the mark
        assertThat(pool.keptSince(mark)).isFalse();
    }

    /**
     * Requests of content of their own held by count ({@link BlockPool#allocateCounted}) leave the pool
     * exactly as the same requests held by id: two pools driven by the same random admissions (shared
     * prefixes and own content), preemptions that name a request's own blocks, and releases agree after
     * every operation on what any lookup finds, what is free, what is evicted, and what a free mark vouches
     * for; the runs of the counted pool merge and split along the way.
     */
    @Test
    void blocksHeldByCountLeaveThePoolAsBlocksHeldById() {
        Random r = new Random(58);
        BlockPool counted = new BlockPool(96, B);
        BlockPool byId = new BlockPool(96, B);
        // per request held: {ids in the id pool}, {ids in the counted pool, or null while held by count}, chain
        java.util.List<Object[]> held = new java.util.ArrayList<>();
        java.util.List<int[]> marks = new java.util.ArrayList<>();
        long next = 1_000_000;
        for (int step = 0; step < 40_000; step++) {
            if (held.size() < 3 || held.size() < 10 && r.nextBoolean()) {
                boolean own = r.nextInt(3) > 0;
                long[] c = new long[1 + r.nextInt(10)];
                long parent = 0;
                int prefix = r.nextInt(3);
                for (int k = 0; k < c.length; k++) {
                    parent = BlockPool.chain(parent, own ? next++ : 100 * prefix + k);
                    c[k] = parent;
                }
                int total = c.length + r.nextInt(2); // a partial last block, sometimes
                int[] a = new int[total];
                int[] b = new int[total];
                int hitsA = own ? 0 : counted.cachedRun(k -> c[k], c.length, a, null, 0);
                int hitsB = own ? 0 : byId.cachedRun(k -> c[k], c.length, b, null, 0);
                assertThat(hitsA).isEqualTo(hitsB);
                int need = total - hitsA + counted.freeAmong(a, hitsA);
                assertThat(byId.canAllocate(total - hitsB + byId.freeAmong(b, hitsB))).isEqualTo(counted.canAllocate(need));
                if (!counted.canAllocate(need)) {
                    continue;
                }
                for (int k = 0; k < hitsA; k++) {
                    counted.take(a[k]);
                    byId.take(b[k]);
                }
                byId.allocate(total - hitsB, b, hitsB);
                if (own) {
                    counted.allocateCounted(total);
                    a = null;
                } else {
                    counted.allocate(total - hitsA, a, hitsA);
                    for (int k = hitsA; k < c.length; k++) {
                        counted.cache(a[k], c[k]);
                        byId.cache(b[k], c[k]);
                    }
                }
                held.add(new Object[] {b, a, c});
            } else {
                Object[] h = held.remove(r.nextInt(held.size()));
                int[] b = (int[]) h[0];
                int[] a = (int[]) h[1];
                long[] c = (long[]) h[2];
                if (a == null && r.nextInt(4) == 0) {
                    // preempted: its own full blocks are named so that its readmission finds them
                    a = new int[b.length];
                    counted.identify(b.length, a, 0);
                    for (int k = 0; k < c.length; k++) {
                        counted.cache(a[k], c[k]);
                        byId.cache(b[k], c[k]);
                    }
                }
                marks.add(new int[] {counted.freeMark(), byId.freeMark()});
                if (a == null) {
                    counted.freeCounted(b.length);
                } else {
                    counted.free(a, a.length);
                }
                byId.free(b, b.length);
            }
            assertThat(counted.freeBlocks()).isEqualTo(byId.freeBlocks());
            assertThat(counted.evictions()).as("evictions at step %d", step).isEqualTo(byId.evictions());
            assertThat(counted.cachedBlocks()).isEqualTo(byId.cachedBlocks());
            assertThat(counted.references()).isEqualTo(byId.references());
            for (int[] m : marks) {
                assertThat(counted.keptSince(m[0])).isEqualTo(byId.keptSince(m[1]));
            }
            if (marks.size() > 50) {
                marks.remove(0);
            }
        }
        for (int prefix = 0; prefix < 3; prefix++) {
            long[] c = new long[10];
            long parent = 0;
            for (int k = 0; k < c.length; k++) {
                parent = BlockPool.chain(parent, 100 * prefix + k);
                c[k] = parent;
            }
            assertThat(counted.cachedRun(k -> c[k], c.length, new int[10], null, 0))
                    .isEqualTo(byId.cachedRun(k -> c[k], c.length, new int[10], null, 0));
        }
        assertThat(byId.evictions()).isGreaterThan(1_000);
    }

    @Test
    void countedBlocksCannotBeFreedOrNamedBeyondWhatIsHeld() {
        BlockPool pool = new BlockPool(8, B);
        pool.allocateCounted(3);
        assertThat(pool.usedBlocks()).isEqualTo(3);
        assertThatThrownBy(() -> pool.freeCounted(4)).hasMessageContaining("3 held");
        assertThatThrownBy(() -> pool.identify(4, new int[4], 0)).hasMessageContaining("3 held");
        assertThatThrownBy(() -> pool.allocateCounted(6)).hasMessageContaining("with 5 free");
        pool.freeCounted(3);
        assertThat(pool.freeBlocks()).isEqualTo(8);
    }

    private static long[] concat(long[] head, long... tail) {
        long[] all = new long[head.length + tail.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(tail, 0, all, head.length, tail.length);
        return all;
    }

    /**
     * A hit on the queue's last entry steps the tail back over it; the nameless block freed next still starts a run
     * of its own after the mark, so the pool says it left for an allocation (joining the run before would have given
     * it an ordinal from before the mark).
     */
    @Test
    void aBlockTakenBackFromTheTailLeavesLaterFreesAfterTheMark() {
        BlockPool pool = new BlockPool(4, 16);
        int[] ids = new int[3];
        pool.allocate(3, ids, 0);
        assertThat(pool.cache(ids[1], 42L)).isTrue();
        pool.free(new int[] {ids[0]}, 1); // nameless: joins the run of the block still free
        pool.free(new int[] {ids[1]}, 1); // named: an entry of its own at the tail
        pool.take(ids[1]); // a hit takes it back out
        int mark = pool.freeMark();
        assertThat(pool.keptSince(mark)).isTrue();
        pool.free(new int[] {ids[2]}, 1); // nameless, after the mark
        pool.allocate(3, new int[3], 0); // the three free blocks, the one freed after the mark last
        assertThat(pool.keptSince(mark)).isFalse();
        assertThat(pool.freeBlocks()).isZero();
    }
}
