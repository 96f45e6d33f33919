package io.nous.sim.pod;

import io.nous.sim.request.PromptContent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The block hashes of shared prompt prefixes, by the content id of the prefix: every request of a
 * group starts with the same chain, so a pod looks it up once rather than hashing it per request (a
 * 3,800-token system prompt is 237 hashes). Blocks wholly inside a content's first span are named by
 * that span alone, so the chain is the same whatever follows it, on every pod and in every simulation:
 * the chains themselves are computed once a process ({@link SpanChains}). It also remembers which block held
 * each hash when last found, so that a lookup can check that block instead of probing the cache's
 * index (the check is exact: a block that holds a hash is the one the index names), and how many of
 * those were confirmed at which count of the pool's evictions: until the next eviction they need no
 * check at all.
 */
final class PrefixHashes {
    private final BlockHashIndex slots = new BlockHashIndex(64);
    /** By slot: the span's chain as far as this pod has needed it (shared, every entry computed). */
    private final List<long[]> chains = new ArrayList<>();
    /** By slot: the block last found holding each hash of the chain, or -1. */
    private final List<int[]> seen = new ArrayList<>();
    /** By slot: leading entries of {@link #seen} confirmed to hold their hashes, and the pool's evictions then. */
    private int[] confirmed = new int[8];
    private long[] confirmedAt = new long[8];
    /**
     * By slot: the span's hold, when requests running on this pod hold its blocks together: how many do, and how
     * many whole blocks of the span it covers (see {@link #hold}). The blocks are those {@link #blocksSeen} names:
     * while they are held they stay named, so every lookup finds and records those same blocks.
     */
    private int[] holders = new int[8];
    private int[] holdBlocks = new int[8];

    /** The slot of {@code content}'s first span, or -1 when this pod has not hashed it. */
    int slot(PromptContent content) {
        return slots.get(content.firstSpanId());
    }

    /**
     * Requests holding the span of {@code slot} together, and how many leading blocks that hold covers (the span's
     * whole blocks): while any do, the pool counts one reference on each of those blocks for all of them, so they stay
     * named, cached and the same blocks, and a request of the span that joins or leaves touches none of them.
     * What the pool decides is the same as with a reference per request: a block is free exactly when no request
     * holds it either way, and the last to leave frees the span's blocks as that request would have.
     */
    int holders(int slot) {
        return holders[slot];
    }

    /** Leading blocks the hold of {@code slot} covers (meaningful while it has holders). */
    int holdBlocks(int slot) {
        return holdBlocks[slot];
    }

    /**
     * A request that took the span's {@code blocks} leading blocks one by one (as {@link #blocksSeen} names them)
     * starts the hold: its references become the hold's.
     */
    void hold(int slot, int blocks) {
        holdBlocks[slot] = blocks;
        holders[slot] = 1;
    }

    /** One more request holds the span through the hold. */
    void join(int slot) {
        holders[slot]++;
    }

    /** A holder leaves; returns whether it was the last (then the caller frees the span's blocks). */
    boolean leave(int slot) {
        return --holders[slot] == 0;
    }

    /** References the holds stand for beyond the one each counts in the pool (for invariant checks). */
    long sharedReferences() {
        long n = 0;
        for (int slot = 0; slot < chains.size(); slot++) {
            if (holders[slot] > 1) {
                n += (long) (holders[slot] - 1) * holdBlocks[slot];
            }
        }
        return n;
    }

    /**
     * Where the blocks of the chain of {@code content}'s first span were last found, by block index
     * (-1: not known), for the caller to read and update; only the first
     * {@code firstSpanTokens / blockSize} entries belong to this content. Empty before {@link #copy} or {@link #chain}.
     */
    int[] blocksSeen(PromptContent content) {
        int slot = slots.get(content.firstSpanId());
        if (slot < 0) {
            return new int[0];
        }
        int[] s = seen.get(slot);
        if (s.length < chains.get(slot).length) {
            int old = s.length;
            s = Arrays.copyOf(s, chains.get(slot).length);
            Arrays.fill(s, old, s.length, -1);
            seen.set(slot, s);
        }
        return s;
    }

    /**
     * How many leading entries of {@link #blocksSeen} are known to hold their hashes without a check:
     * those confirmed while the pool had made {@code evictions} evictions, as it still has; else none.
     */
    int confirmed(PromptContent content, long evictions) {
        int slot = slots.get(content.firstSpanId());
        return slot >= 0 && confirmedAt[slot] == evictions ? confirmed[slot] : 0;
    }

    /** The first {@code blocks} entries of {@link #blocksSeen} hold their hashes now, after {@code evictions} evictions. */
    void confirm(PromptContent content, int blocks, long evictions) {
        int slot = slots.get(content.firstSpanId());
        if (slot >= 0) {
            confirmed[slot] = blocks;
            confirmedAt[slot] = evictions;
        }
    }

    /**
     * Writes the hashes of {@code content}'s blocks that lie wholly inside its first span into
     * {@code out} (from index 0) and returns how many, at most {@code limit}.
     */
    int copy(PromptContent content, long[] out, int limit, int blockSize) {
        int n = spanBlocks(content, limit, blockSize);
        if (n > 0) {
            System.arraycopy(chain(content, n, blockSize), 0, out, 0, n);
        }
        return n;
    }

    /** How many of {@code content}'s blocks lie wholly inside its first span, at most {@code limit}. */
    static int spanBlocks(PromptContent content, int limit, int blockSize) {
        return Math.min(content.firstSpanTokens() / blockSize, limit);
    }

    /**
     * The hash chain of {@code content}'s first span, every entry computed and at least {@code blocks} of
     * them (at most {@link #spanBlocks}), for a caller that reads them in place: the process's shared
     * array ({@link SpanChains}), never to be written.
     */
    long[] chain(PromptContent content, int blocks, int blockSize) {
        long id = content.firstSpanId();
        int slot = slots.get(id);
        if (slot < 0) {
            slot = chains.size();
            slots.putIfAbsent(id, slot);
            chains.add(new long[0]);
            seen.add(new int[0]);
            if (slot == confirmed.length) {
                confirmed = Arrays.copyOf(confirmed, 2 * slot);
                confirmedAt = Arrays.copyOf(confirmedAt, 2 * slot);
                holders = Arrays.copyOf(holders, 2 * slot);
                holdBlocks = Arrays.copyOf(holdBlocks, 2 * slot);
            }
        }
        long[] chain = chains.get(slot);
        if (chain.length < blocks) {
            chain = SpanChains.chain(content, blocks, blockSize);
            chains.set(slot, chain);
        }
        return chain;
    }
}
