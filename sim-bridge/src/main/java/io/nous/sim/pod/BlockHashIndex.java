package io.nous.sim.pod;

import java.util.Arrays;

/**
 * Cached block hash to block id, as vLLM's {@code BlockHashToBlockMap} (vllm/v1/core/block_pool.py),
 * without boxing: open addressing over a power-of-two table, linear probing, deletion by backward
 * shift so that lookups never meet tombstones. Hashes are arbitrary longs; a slot is empty when its
 * block is -1. A slot's hash and block lie side by side in one array, so a probe reads one cache line.
 */
final class BlockHashIndex {
    /** Slot i: its hash at {@code 2i}, its block at {@code 2i + 1} (-1: empty). */
    private long[] table;
    private int size;
    private int mask;

    BlockHashIndex(int expected) {
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
                return (int) b;
            }
        }
    }

    /** Caches {@code block} under {@code hash}; a hash already present keeps its block (returns false). */
    boolean putIfAbsent(long hash, int block) {
        if ((size + 1) * 2 > mask + 1) {
            grow();
        }
        long[] t = table;
        int i = slot(hash);
        while (t[2 * i + 1] >= 0) {
            if (t[2 * i] == hash) {
                return false;
            }
            i = (i + 1) & mask;
        }
        t[2 * i] = hash;
        t[2 * i + 1] = block;
        size++;
        return true;
    }

    /** Forgets {@code hash} if it names {@code block}. */
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
        size--;
    }

    /** Hashes cached. */
    int size() {
        return size;
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

    private void grow() {
        long[] old = table;
        table = emptyTable(old.length);
        mask = old.length - 1; // twice the slots: old.length / 2 before
        size = 0;
        for (int i = 0; i < old.length; i += 2) {
            if (old[i + 1] >= 0) {
                putIfAbsent(old[i], (int) old[i + 1]);
            }
        }
    }
}
