package io.nous.sim.pod;

import java.util.Arrays;

/**
 * Cached block hash to block id, as vLLM's {@code BlockHashToBlockMap} (vllm/v1/core/block_pool.py),
 * without boxing: open addressing over a power-of-two table, linear probing, deletion by backward
 * shift so that lookups never meet tombstones. Hashes are arbitrary longs; a slot is empty when its
 * block is -1.
 */
final class BlockHashIndex {
    private long[] keys;
    private int[] blocks;
    private int size;
    private int mask;

    BlockHashIndex(int expected) {
        int cap = Integer.highestOneBit(Math.max(4, expected * 2 - 1)) << 1;
        keys = new long[cap];
        blocks = new int[cap];
        Arrays.fill(blocks, -1);
        mask = cap - 1;
    }

    /** The block cached under {@code hash}, or -1. */
    int get(long hash) {
        for (int i = slot(hash); ; i = (i + 1) & mask) {
            int b = blocks[i];
            if (b < 0) {
                return -1;
            }
            if (keys[i] == hash) {
                return b;
            }
        }
    }

    /** Caches {@code block} under {@code hash}; a hash already present keeps its block (returns false). */
    boolean putIfAbsent(long hash, int block) {
        if ((size + 1) * 2 > keys.length) {
            grow();
        }
        int i = slot(hash);
        while (blocks[i] >= 0) {
            if (keys[i] == hash) {
                return false;
            }
            i = (i + 1) & mask;
        }
        keys[i] = hash;
        blocks[i] = block;
        size++;
        return true;
    }

    /** Forgets {@code hash} if it names {@code block}. */
    void remove(long hash, int block) {
        int i = slot(hash);
        while (blocks[i] >= 0 && keys[i] != hash) {
            i = (i + 1) & mask;
        }
        if (blocks[i] != block) {
            return;
        }
        // backward-shift deletion: move later entries of the probe run into the hole when their home allows it
        int hole = i;
        for (int j = (i + 1) & mask; blocks[j] >= 0; j = (j + 1) & mask) {
            int home = slot(keys[j]);
            boolean movable = hole <= j ? home <= hole || home > j : home <= hole && home > j;
            if (movable) {
                keys[hole] = keys[j];
                blocks[hole] = blocks[j];
                hole = j;
            }
        }
        blocks[hole] = -1;
        size--;
    }

    int size() {
        return size;
    }

    private int slot(long hash) {
        long h = hash * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldBlocks = blocks;
        keys = new long[oldKeys.length * 2];
        blocks = new int[oldKeys.length * 2];
        Arrays.fill(blocks, -1);
        mask = keys.length - 1;
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldBlocks[i] >= 0) {
                putIfAbsent(oldKeys[i], oldBlocks[i]);
            }
        }
    }
}
