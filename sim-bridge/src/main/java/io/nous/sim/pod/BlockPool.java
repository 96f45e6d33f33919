package io.nous.sim.pod;

import java.util.function.IntToLongFunction;

/**
 * One pod's KV blocks with vLLM V1's automatic prefix caching: which blocks requests hold, which
 * finished blocks still hold a cached prefix, and which block is evicted next. Mirrors
 * {@code BlockPool} and {@code FreeKVCacheBlockQueue} (vllm/v1/core/block_pool.py,
 * vllm/v1/core/kv_cache_utils.py) and the lookup rule of {@code KVCacheManager.get_computed_blocks}
 * (vllm/v1/core/kv_cache_manager.py):
 * <ul>
 * <li>a full block is named by a hash of its tokens and its parent's hash, so one hash names a whole
 *     prefix; a prompt is the chain of its full blocks' hashes (a partial last block has none);</li>
 * <li>a lookup reuses the longest run of leading cached blocks, but never the whole prompt: the hit is
 *     capped at {@code prompt - 1} tokens, rounded down to whole blocks, so that the last token is
 *     computed for its logits (a prompt of whole blocks recomputes its entire last block, as vLLM
 *     does because computed tokens must be block-aligned);</li>
 * <li>a block whose reference count falls to zero goes to the tail of the free queue with its hash
 *     kept: it is free (it does not count as used) and still a cache hit until it is evicted; a hit
 *     on it takes it back out of the queue ({@code touch});</li>
 * <li>a new block comes from the head of the free queue, and if that block still names a prefix the
 *     prefix is forgotten (eviction, least recently freed first); a request's blocks are freed tail
 *     first, so its last blocks are evicted before the prefix it shares;</li>
 * <li>usage ({@code vllm:kv_cache_usage_perc}) is the share of blocks not free.</li>
 * </ul>
 * Prefix-cache statistics are counted in tokens, as vLLM's {@code PrefixCacheStats}: each lookup
 * queries the prompt's tokens and hits the tokens it reused. When two requests compute the same block
 * at once, the first to register it is the one later lookups find (vLLM keeps both; the difference
 * shows only when that first copy is evicted while the second still lives).
 *
 * <p>Arrays indexed by block id; no allocation after construction except the index's growth.
 */
public final class BlockPool {
    private static final int NONE = -1;

    private final int blockSize;
    private final int[] refCount;
    private final long[] hash;
    private final boolean[] hashed;
    private final int[] prev;
    private final int[] next;
    private int head = NONE;
    private int tail = NONE;
    private int free;
    private final BlockHashIndex index;
    private long queriedTokens;
    private long hitTokens;
    private long lookups;
    private long preemptedQueriedTokens;
    private long preemptedHitTokens;
    private long evictions;

    /** A pool of {@code blocks} blocks of {@code blockSize} tokens, all free and empty. */
    public BlockPool(int blocks, int blockSize) {
        if (blocks < 1 || blockSize < 1) {
            throw new IllegalArgumentException("a block pool needs >= 1 block of >= 1 token, got " + blocks + " x " + blockSize);
        }
        this.blockSize = blockSize;
        refCount = new int[blocks];
        hash = new long[blocks];
        hashed = new boolean[blocks];
        prev = new int[blocks];
        next = new int[blocks];
        for (int b = 0; b < blocks; b++) {
            append(b);
        }
        index = new BlockHashIndex(Math.min(blocks, 1 << 16));
    }

    /**
     * How many leading blocks of a prompt are cached and may be reused: the longest run of
     * {@code chain}'s first hashes that name cached blocks, capped so that at least the prompt's last
     * token is computed. Counts the lookup in the statistics.
     *
     * @param chain        the prompt's full-block hashes, first block first
     * @param chainLength  how many of {@code chain} are the prompt's
     * @param promptTokens the prompt's length in tokens
     */
    public int lookup(long[] chain, int chainLength, int promptTokens) {
        int cap = Math.min(chainLength, Math.max(0, promptTokens - 1) / blockSize);
        int hits = cachedRun(k -> chain[k], cap, new int[cap], null, 0);
        record(promptTokens, hits * blockSize, false);
        return hits;
    }

    /**
     * The longest run of a prompt's leading blocks that are cached, at most {@code cap}: block k is
     * named by {@code hashOf(k)}, computed only as far as the run goes. Writes the blocks' ids to
     * {@code out}. {@code hint[k]} (for k below {@code hintLimit}; null for none) says where block k was
     * last found: it is checked before the index is probed, and updated; the check is exact, so a
     * hint changes the cost, never the answer.
     */
    public int cachedRun(IntToLongFunction hashOf, int cap, int[] out, int[] hint, int hintLimit) {
        int hits = 0;
        while (hits < cap) {
            long h = hashOf.applyAsLong(hits);
            int b = hits < hintLimit ? hint[hits] : NONE;
            if (b < 0 || !names(b, h)) {
                b = index.get(h);
                if (hits < hintLimit) {
                    hint[hits] = b;
                }
            }
            if (b < 0) {
                return hits;
            }
            out[hits++] = b;
        }
        return hits;
    }

    /** How many of {@code blocks[0..n)} are in the free queue: a reuse takes them out of it. */
    public int freeAmong(int[] blocks, int n) {
        int free = 0;
        for (int i = 0; i < n; i++) {
            if (refCount[blocks[i]] == 0) {
                free++;
            }
        }
        return free;
    }

    /** Whether block {@code b} is the cached block named {@code blockHash} (the one the index names for it). */
    private boolean names(int b, long blockHash) {
        return hashed[b] && hash[b] == blockHash;
    }

    /**
     * Counts one lookup as vLLM's {@code PrefixCacheStats.record} does: a request that was preempted
     * before is counted apart, so the hit rate is that of first admissions.
     */
    public void record(int queried, int hit, boolean preempted) {
        if (preempted) {
            preemptedQueriedTokens += queried;
            preemptedHitTokens += hit;
        } else {
            lookups++;
            queriedTokens += queried;
            hitTokens += hit;
        }
    }

    /**
     * Takes the first {@code hits} blocks of {@code chain} (found by {@link #lookup}) for a request:
     * each gains a reference, and a free one leaves the free queue. Writes their ids to {@code out}.
     */
    public void reuse(long[] chain, int hits, int[] out) {
        for (int i = 0; i < hits; i++) {
            int b = index.get(chain[i]);
            if (b == NONE) {
                throw new IllegalStateException("block " + i + " of the chain is not cached; reuse only what lookup found");
            }
            take(b);
            out[i] = b;
        }
    }

    /** Takes one more reference to cached block {@code b} (found by {@link #cachedRun}); a free one leaves the free queue. */
    public void take(int b) {
        if (refCount[b] == 0) {
            unlink(b);
        }
        refCount[b]++;
    }

    /** Whether {@code n} new blocks can be allocated now (free blocks, cached or not). */
    public boolean canAllocate(int n) {
        return n <= free;
    }

    /**
     * Allocates {@code n} new blocks from the head of the free queue, evicting the prefixes they
     * held; writes their ids to {@code out} from {@code offset}. The caller checks {@link #canAllocate}.
     */
    public void allocate(int n, int[] out, int offset) {
        if (n > free) {
            throw new IllegalStateException("allocating " + n + " blocks with " + free + " free");
        }
        for (int i = 0; i < n; i++) {
            int b = head;
            unlink(b);
            if (hashed[b]) {
                index.remove(hash[b], b);
                hashed[b] = false;
                evictions++;
            }
            refCount[b] = 1;
            out[offset + i] = b;
        }
    }

    /** Names a block its request has just filled (vLLM {@code cache_full_blocks}); later lookups may reuse it. */
    public void cache(int block, long blockHash) {
        if (refCount[block] < 1) {
            throw new IllegalStateException("block " + block + " is cached while no request holds it");
        }
        if (hashed[block]) {
            return;
        }
        if (index.putIfAbsent(blockHash, block)) {
            hash[block] = blockHash;
            hashed[block] = true;
        }
    }

    /**
     * Releases a request's blocks ({@code blocks[0..n)}, first block first). They are freed tail first,
     * so the request's last blocks are evicted before its first ones, as {@code KVCacheManager.free}
     * frees in reverse order.
     */
    public void free(int[] blocks, int n) {
        for (int i = n - 1; i >= 0; i--) {
            int b = blocks[i];
            if (refCount[b] < 1) {
                throw new IllegalStateException("block " + b + " freed more often than it was taken");
            }
            if (--refCount[b] == 0) {
                append(b);
            }
        }
    }

    /** References held on all blocks together (O(blocks); for invariant checks). */
    public long references() {
        long n = 0;
        for (int c : refCount) {
            n += c;
        }
        return n;
    }

    /** Blocks in the free queue, holding a cached prefix or not. */
    public int freeBlocks() {
        return free;
    }

    /** Blocks some request holds. */
    public int usedBlocks() {
        return refCount.length - free;
    }

    /** The share of blocks in use, as vLLM publishes {@code kv_cache_usage_perc}: cached free blocks do not count. */
    public double usage() {
        return (double) usedBlocks() / refCount.length;
    }

    /** Blocks that still name a prefix (held or free). */
    public int cachedBlocks() {
        return index.size();
    }

    /** First-admission lookups so far (requests). */
    public long lookups() {
        return lookups;
    }

    /** Tokens looked up again when preempted requests were readmitted. */
    public long preemptedQueriedTokens() {
        return preemptedQueriedTokens;
    }

    /** Tokens preempted requests found cached when readmitted (their own blocks, mostly). */
    public long preemptedHitTokens() {
        return preemptedHitTokens;
    }

    /** Prompt tokens looked up so far ({@code vllm:prefix_cache_queries}). */
    public long queriedTokens() {
        return queriedTokens;
    }

    /** Prompt tokens found cached so far ({@code vllm:prefix_cache_hits}). */
    public long hitTokens() {
        return hitTokens;
    }

    /** Cached prefixes forgotten to make room. */
    public long evictions() {
        return evictions;
    }

    public int blockSize() {
        return blockSize;
    }

    /**
     * The hash of a full block whose tokens are named by {@code content}, under the prefix named by
     * {@code parent} (0 for the first block): like vLLM's {@code hash_block_tokens}, equal chains name
     * equal prefixes, and the same block content under another prefix hashes differently. The
     * simulator names token content by ids (a tenant's system prompt block k, a session's turn),
     * mixed with SplitMix64's finaliser.
     */
    public static long chain(long parent, long content) {
        long z = parent * 0x9E3779B97F4A7C15L + content + 0x632BE59BD9B4E019L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The block the next allocation takes, or -1 when none is free (for tests of the eviction order). */
    int nextToEvict() {
        return head;
    }

    private void append(int b) {
        prev[b] = tail;
        next[b] = NONE;
        if (tail == NONE) {
            head = b;
        } else {
            next[tail] = b;
        }
        tail = b;
        free++;
    }

    private void unlink(int b) {
        int p = prev[b];
        int n = next[b];
        if (p == NONE) {
            head = n;
        } else {
            next[p] = n;
        }
        if (n == NONE) {
            tail = p;
        } else {
            prev[n] = p;
        }
        prev[b] = NONE;
        next[b] = NONE;
        free--;
    }
}
