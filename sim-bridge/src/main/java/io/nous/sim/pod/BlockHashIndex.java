package io.nous.sim.pod;

/**
 * Cached block hash to block id, as vLLM's {@code BlockHashToBlockMap} (vllm/v1/core/block_pool.py),
 * without boxing: open addressing over a power-of-two table, linear probing. Hashes are arbitrary
 * longs; a slot is empty when its block is -1. A slot's hash and block lie side by side in one array,
 * so a probe reads one cache line.
 *
 * <p>An index built with {@link Names} (the vLLM pool's) forgets lazily. An evicted block is not
 * looked up to be taken out: its entry goes stale where it stands, because an entry counts only while
 * its block still {@linkplain Names#names names} its hash (the pool says so from the block's own
 * fields, which eviction clears). Eviction then costs nothing here, where finding the entry was a read
 * of a random line for every block a busy pod recycles. A hash has at most one entry, live or stale:
 * caching a hash whose entry is stale writes the new block into it.
 * When live and stale entries fill half the table, the stale ones are swept out in one pass and the
 * table grows only if the live ones still fill a quarter; so the answers are exactly those of a map
 * that forgets on eviction. One built without forgets eagerly ({@link #remove}), every entry live.
 */
final class BlockHashIndex {
    /** Which block names which hash now: the pool's word, from the block's fields. */
    interface Names {
        boolean names(int block, long hash);
    }

    private final Names names;
    /** Slot i: its hash at {@code 2i}, its block at {@code 2i + 1} (-1: empty). */
    private long[] table;
    /** Slots in use, live or stale. */
    private int used;
    /** Live entries: hashes a block names. */
    private int live;
    private int mask;

    /** An index that forgets a hash when told to ({@link #remove}). */
    BlockHashIndex(int expected) {
        this(expected, null);
    }

    /** An index that forgets lazily: an entry is live while {@code names} says its block names its hash. */
    BlockHashIndex(int expected, Names names) {
        this.names = names;
        int cap = Integer.highestOneBit(Math.max(4, expected * 2 - 1)) << 1;
        table = emptyTable(cap);
        mask = cap - 1;
    }

    /** The block cached under {@code hash}, or -1. */
    int get(long hash) {
        long[] t = table;
        for (int i = slot(hash); ; i = (i + 1) & mask) {
            long b = t[2 * i + 1];
            if (b < 0) {
                return -1;
            }
            if (t[2 * i] == hash) {
                return names == null || names.names((int) b, hash) ? (int) b : -1;
            }
        }
    }

    /**
     * Reads the slots {@code hashes[from..to)} probe, and nothing else: a caller about to cache those blocks one by
     * one (each between other work) reads them here first in one loop, so that their misses overlap. Returns how
     * many probes met a slot in use (a number to use, so that the reads stay).
     */
    int touch(long[] hashes, int from, int to) {
        long[] t = table;
        int occupied = 0;
        for (int k = from; k < to; k++) {
            if (t[2 * slot(hashes[k]) + 1] >= 0) {
                occupied++;
            }
        }
        return occupied;
    }

    /**
     * Caches {@code block} under {@code hash}; a hash already cached keeps its block (returns false). The
     * block must not name the hash yet: the pool marks it named once this returns true.
     */
    boolean putIfAbsent(long hash, int block) {
        if ((used + 1) * 2 > mask + 1) {
            sweep();
        }
        long[] t = table;
        int i = slot(hash);
        while (t[2 * i + 1] >= 0) {
            if (t[2 * i] == hash) {
                if (names == null || names.names((int) t[2 * i + 1], hash)) {
                    return false;
                }
                t[2 * i + 1] = block; // the hash's stale entry takes the new block
                live++;
                return true;
            }
            i = (i + 1) & mask;
        }
        t[2 * i] = hash;
        t[2 * i + 1] = block;
        used++;
        live++;
        return true;
    }

    /** In a lazy index: counts one live entry fewer, whose block was evicted and names its hash no more (the entry is now stale). */
    void evicted() {
        live--;
    }

    /** In an eager index: forgets {@code hash} if it names {@code block}. */
    void remove(long hash, int block) {
        long[] t = table;
        int i = slot(hash);
        while (t[2 * i + 1] >= 0 && t[2 * i] != hash) {
            i = (i + 1) & mask;
        }
        if (t[2 * i + 1] != block) {
            return;
        }
        // backward-shift deletion: move later entries of the probe run into the hole when their home allows it
        int hole = i;
        for (int j = (i + 1) & mask; t[2 * j + 1] >= 0; j = (j + 1) & mask) {
            int home = slot(t[2 * j]);
            boolean movable = hole <= j ? home <= hole || home > j : home <= hole && home > j;
            if (movable) {
                t[2 * hole] = t[2 * j];
                t[2 * hole + 1] = t[2 * j + 1];
                hole = j;
            }
        }
        t[2 * hole + 1] = -1;
        used--;
        live--;
    }

    /** Hashes cached (live entries). */
    int size() {
        return live;
    }

    private int slot(long hash) {
        long h = hash * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    private static long[] emptyTable(int slots) {
        long[] t = new long[2 * slots];
        for (int i = 1; i < t.length; i += 2) {
            t[i] = -1;
        }
        return t;
    }

    /** Rebuilds the table from its live entries, twice as large when they fill a quarter of it. */
    private void sweep() {
        long[] old = table;
        int slots = old.length / 2;
        if (live * 4 >= slots) {
            slots *= 2;
        }
        table = emptyTable(slots);
        mask = slots - 1;
        used = 0;
        int kept = 0;
        long[] t = table;
        for (int j = 0; j < old.length; j += 2) {
            long b = old[j + 1];
            if (b >= 0 && (names == null || names.names((int) b, old[j]))) {
                int i = slot(old[j]);
                while (t[2 * i + 1] >= 0) {
                    i = (i + 1) & mask;
                }
                t[2 * i] = old[j];
                t[2 * i + 1] = b;
                kept++;
            }
        }
        used = kept;
        if (kept != live) {
            throw new IllegalStateException("the block hash index counted " + live + " live entries but holds " + kept);
        }
    }
}
