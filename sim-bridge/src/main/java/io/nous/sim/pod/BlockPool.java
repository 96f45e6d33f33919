package io.nous.sim.pod;

import java.util.concurrent.atomic.AtomicLong;
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
 * <p>Blocks that name nothing are interchangeable: which of them a request gets cannot change what any
 * lookup finds. The free queue therefore keeps them as runs, counts of nameless blocks in their place
 * among the named ones, and their ids in a queue of their own; a request whose blocks nobody else can
 * look up (content of its own, never preempted) holds a count instead of ids
 * ({@link #allocateCounted}, {@link #freeCounted}), so its blocks cost one step per run rather than a
 * visit to every block. What is evicted, and when, is the same as with a queue of single blocks.
 *
 * <p>Arrays indexed by block id; no allocation after construction except the growth of the index and,
 * when stale entries fill it, of the free queue's ring.
 */
public final class BlockPool {
    private static final int NONE = -1;
    private static final AtomicLong POOLS = new AtomicLong();

    /** Fields of block b at {@code meta[b * STRIDE + field]}: one cache line serves every field an operation on b touches. */
    private static final int STRIDE = 4;
    private static final int REFS = 0;
    /** 1 while the block names a cached prefix ({@link #hash} holds it), else 0. */
    private static final int HASHED = 1;
    /** While the block is free: the free queue's place of its live entry (see {@link #queue}). */
    private static final int PLACE = 2;
    /** While the block is free: its live entry's append ordinal (see {@link #freeMark}). */
    private static final int ORDINAL = 3;

    /** Tells this pool from every other of the process (a pod restarted at the same index has a new pool). */
    private final long id = POOLS.incrementAndGet();
    private final int blockSize;
    private final int capacity;
    private final int[] meta;
    private final long[] hash;
    /**
     * The free queue, least recently freed first, as a ring of entries between the places {@code head}
     * (inclusive) and {@code tail}: a block is appended at the tail when its last reference goes, and new
     * blocks come from the head, so both ends move through the ring in order. An entry {@code >= 0} is a
     * block that names a prefix; a hit on it while it is free takes it out of the middle by leaving its
     * entry behind (or, when it is the last entry, by stepping the tail back), stale: such an entry is live only while its block is free, named, and its
     * {@code PLACE} is the entry's own place (places count up and wrap as ints; only equality is asked of
     * them). An entry {@code -n} is a run of n nameless free blocks, which are never hit, so never stale;
     * blocks freed nameless one after another join the run at the tail.
     */
    private int[] queue;
    /** For a run's place: the append ordinal of its first block (see {@link #freeMark}). */
    private int[] runFirst;
    /** The ring and its run ordinals before the last compaction, kept to compact into next time (what they hold never matters). */
    private int[] spareQueue;
    private int[] spareRunFirst;
    private int mask;
    private int head;
    private int tail;
    /** Free blocks: the named live entries of the queue and the blocks of its runs. */
    private int free;
    /**
     * The ids of the nameless blocks that are free (in runs) or held by count, oldest first: a run hands
     * out the oldest, so a pool used only by id hands out exactly the blocks a queue of single blocks would.
     */
    private final int[] spare;
    private final int spareMask;
    private int spareHead;
    private int spareTail;
    /** Blocks held by count ({@link #allocateCounted}); their ids stay in {@link #spare}. */
    private int countedHeld;
    private final BlockHashIndex index;
    private long queriedTokens;
    private long hitTokens;
    private long lookups;
    private long preemptedQueriedTokens;
    private long preemptedHitTokens;
    private long evictions;
    /** Entries appended to the free queue so far (ints that wrap; only differences are asked of them). */
    private int appended;
    /** What {@link #warm} and a release's read-ahead read (kept only so that those reads are not optimised away). */
    private long warmed;
    /** The append ordinal of the last live entry taken from the head for an allocation, or -1. */
    private int lastTaken = -1;

    /** A pool of {@code blocks} blocks of {@code blockSize} tokens, all free and empty. */
    public BlockPool(int blocks, int blockSize) {
        if (blocks < 1 || blockSize < 1) {
            throw new IllegalArgumentException("a block pool needs >= 1 block of >= 1 token, got " + blocks + " x " + blockSize);
        }
        this.blockSize = blockSize;
        this.capacity = blocks;
        meta = new int[blocks * STRIDE];
        hash = new long[blocks];
        queue = new int[Integer.highestOneBit(Math.max(2, blocks - 1)) << 1];
        runFirst = new int[queue.length];
        mask = queue.length - 1;
        spare = new int[queue.length];
        spareMask = spare.length - 1;
        for (int b = 0; b < blocks; b++) {
            spare[spareTail++] = b;
        }
        appendNameless(blocks); // every block, in id order, names nothing yet
        index = new BlockHashIndex(Math.min(blocks, 1 << 13), this::names); // grows with what is cached
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
     * last found: it is checked before the index is probed, and updated; beyond the hints, whatever
     * {@code out[k]} holds is checked the same way. The check is exact (a block names a hash only while
     * the index maps the hash to it), so a hint changes the cost, never the answer.
     */
    public int cachedRun(IntToLongFunction hashOf, int cap, int[] out, int[] hint, int hintLimit) {
        return cachedRun(hashOf, cap, out, hint, hintLimit, 0);
    }

    /**
     * {@link #cachedRun(IntToLongFunction, int, int[], int[], int)} for a prompt whose first
     * {@code known} blocks the caller already knows to be cached, their ids in {@code out}: the run
     * goes on from there. A hint confirmed before the pool's last eviction ({@link #evictions}) still
     * names what it named, since a block loses its hash only by being evicted.
     */
    public int cachedRun(IntToLongFunction hashOf, int cap, int[] out, int[] hint, int hintLimit, int known) {
        int hits = known;
        int blocks = meta.length / STRIDE;
        while (hits < cap) {
            long h = hashOf.applyAsLong(hits);
            // past the hints, what out[] already holds (a waiting request's blocks as its last lookup found
            // them) is checked first: a request that waits for memory is looked up again every step
            int b = hits < hintLimit ? hint[hits] : out[hits];
            if (b < 0 || b >= blocks || !names(b, h)) {
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
        return freeAmong(blocks, 0, n);
    }

    /** How many of {@code blocks[from..n)} are in the free queue. */
    public int freeAmong(int[] blocks, int from, int n) {
        int free = 0;
        for (int i = from; i < n; i++) {
            if (meta[blocks[i] * STRIDE + REFS] == 0) {
                free++;
            }
        }
        return free;
    }

    /** Whether block {@code b} is the cached block named {@code blockHash} (the one the index names for it). */
    private boolean names(int b, long blockHash) {
        return meta[b * STRIDE + HASHED] != 0 && hash[b] == blockHash;
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
        if (meta[b * STRIDE + REFS]++ == 0) {
            free--; // its queue entry goes stale where it stands
            dropIfLast(b);
        }
    }

    /**
     * A named block just taken out of the free queue whose entry is the queue's last leaves no stale entry
     * behind: the tail steps back over it (a request's blocks, freed tail first and taken again first block
     * first, are each the last entry in turn). Its append ordinal stays spent, so the ordinals of the
     * entries after it still grow with their appends ({@link #keptSince}).
     */
    private void dropIfLast(int b) {
        if (meta[b * STRIDE + PLACE] == tail - 1) {
            tail--;
        }
    }

    /**
     * {@link #take(int)} of each of {@code blocks[0..n)}, in one loop over the pool's fields: a request
     * admitted with a cached prefix takes hundreds of blocks at once.
     */
    public void take(int[] blocks, int n) {
        take(blocks, 0, n);
    }

    /** {@link #take(int[], int)} of {@code blocks[from..n)}. */
    public void take(int[] blocks, int from, int n) {
        final int[] m = meta;
        int wasFree = 0;
        for (int i = from; i < n; i++) {
            if (m[blocks[i] * STRIDE + REFS]++ == 0) {
                wasFree++;
                dropIfLast(blocks[i]);
            }
        }
        free -= wasFree;
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
            int b = popHead();
            if (b == NONE) {
                b = spare[spareHead++ & spareMask];
            } else {
                evict(b);
            }
            meta[b * STRIDE + REFS] = 1;
            out[offset + i] = b;
        }
    }

    /**
     * Allocates {@code n} new blocks from the head of the free queue, as {@link #allocate} does, for a
     * request that holds them by count: nobody can look its blocks up, so which ones it holds does not
     * matter. A run gives its blocks in one step; a named block taken evicts its prefix and joins the
     * nameless. The caller checks {@link #canAllocate}.
     */
    public void allocateCounted(int n) {
        if (n > free) {
            throw new IllegalStateException("allocating " + n + " blocks with " + free + " free");
        }
        int left = n;
        while (left > 0) {
            int p = head & mask;
            int e = queue[p];
            if (e < 0) {
                int k = Math.min(-e, left);
                lastTaken = runFirst[p] + k - 1;
                if (k == -e) {
                    head++;
                } else {
                    queue[p] = e + k;
                    runFirst[p] += k;
                }
                free -= k;
                left -= k;
            } else {
                // a named block, or stale entries and then a block of the run behind them (whose id stays spare)
                int b = popHead();
                if (b != NONE) {
                    evict(b);
                    spare[spareTail++ & spareMask] = b;
                }
                left--;
            }
        }
        countedHeld += n;
    }

    /**
     * Releases {@code n} blocks a request held by count ({@link #allocateCounted}): nameless, they join
     * the run at the tail of the free queue, as {@link #free} would append them one by one.
     */
    public void freeCounted(int n) {
        if (n > countedHeld) {
            throw new IllegalStateException("freeing " + n + " counted blocks with " + countedHeld + " held");
        }
        countedHeld -= n;
        appendNameless(n);
    }

    /**
     * Gives ids to {@code n} blocks a request holds by count, so that it can name them (a preempted
     * request caches its own blocks for its readmission): writes them to {@code out} from
     * {@code offset}; from then on the request holds them by id.
     */
    public void identify(int n, int[] out, int offset) {
        if (n > countedHeld) {
            throw new IllegalStateException("identifying " + n + " counted blocks with " + countedHeld + " held");
        }
        countedHeld -= n;
        for (int i = 0; i < n; i++) {
            int b = spare[spareHead++ & spareMask];
            meta[b * STRIDE + REFS] = 1;
            out[offset + i] = b;
        }
    }

    /** Block {@code b}, just taken from the free queue, forgets the prefix it named. */
    private void evict(int b) {
        int m = b * STRIDE;
        if (meta[m + HASHED] != 0) {
            meta[m + HASHED] = 0; // its index entry is stale from now on
            index.evicted();
            evictions++;
        }
    }

    /**
     * Reads where the index would put {@code hashes[from..to)}, for a request about to name those blocks with
     * {@link #cache} one by one: their reads of a table larger than the caches then overlap. Changes nothing.
     */
    public void warm(long[] hashes, int from, int to) {
        warmed += index.touch(hashes, from, to);
    }

    /**
     * Names a block its request has just filled (vLLM {@code cache_full_blocks}); later lookups may
     * reuse it. Returns whether the block names {@code blockHash} now: not when another block already
     * names it (two requests computed the same block at once; the first to register is the one found).
     */
    public boolean cache(int block, long blockHash) {
        int m = block * STRIDE;
        if (meta[m + REFS] < 1) {
            throw new IllegalStateException("block " + block + " is cached while no request holds it");
        }
        if (meta[m + HASHED] != 0) {
            return hash[block] == blockHash;
        }
        if (index.putIfAbsent(blockHash, block)) {
            hash[block] = blockHash;
            meta[m + HASHED] = 1;
            return true;
        }
        return false;
    }

    /**
     * Releases a request's blocks ({@code blocks[0..n)}, first block first). They are freed tail first,
     * so the request's last blocks are evicted before its first ones, as {@code KVCacheManager.free}
     * frees in reverse order.
     */
    public void free(int[] blocks, int n) {
        free(blocks, n, n);
    }

    /**
     * {@link #free(int[], int)}, reading the fields of {@code blocks[readAheadFrom..n)} first in a loop of
     * independent reads: a session's own blocks, released once a round, lie all over a large pool, and their
     * misses then overlap (a shared prefix's blocks, read by every request that carries it, are mostly in the
     * caches, where reading ahead only costs).
     */
    public void free(int[] blocks, int n, int readAheadFrom) {
        free(blocks, 0, n, readAheadFrom);
    }

    /** {@link #free(int[], int, int)} of {@code blocks[from..n)}, tail first. */
    public void free(int[] blocks, int from, int n, int readAheadFrom) {
        int held = 0;
        for (int i = Math.max(from, readAheadFrom); i < n; i++) {
            held += meta[blocks[i] * STRIDE + REFS];
        }
        warmed += held;
        for (int i = n - 1; i >= from; i--) {
            int b = blocks[i];
            int r = meta[b * STRIDE + REFS];
            if (r < 1) {
                throw new IllegalStateException("block " + b + " freed more often than it was taken");
            }
            meta[b * STRIDE + REFS] = r - 1;
            if (r == 1) {
                if (meta[b * STRIDE + HASHED] != 0) {
                    append(b);
                } else {
                    spare[spareTail++ & spareMask] = b;
                    appendNameless(1);
                }
            }
        }
    }

    /** References held on all blocks together, blocks held by count included (O(blocks); for invariant checks). */
    public long references() {
        long n = countedHeld;
        for (int b = 0; b < capacity; b++) {
            n += meta[b * STRIDE + REFS];
        }
        return n;
    }

    /** Blocks in the free queue, holding a cached prefix or not. */
    public int freeBlocks() {
        return free;
    }

    /** Blocks some request holds. */
    public int usedBlocks() {
        return capacity - free;
    }

    /** The share of blocks in use, as vLLM publishes {@code kv_cache_usage_perc}: cached free blocks do not count. */
    public double usage() {
        return (double) usedBlocks() / capacity;
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

    /**
     * A mark of the free queue now: blocks freed after it can be asked about with {@link #keptSince}.
     * Taken just before a request frees its blocks, it lets whoever later wants those blocks back
     * (the next round of a session) know in O(1) that none has been evicted.
     */
    public int freeMark() {
        return appended;
    }

    /**
     * Whether no block freed after {@code mark} ({@link #freeMark}) has left the free queue for an
     * allocation since: then every block that named a prefix when it was freed after the mark still
     * names it. Entries leave the head in the order they were appended, so the last one taken says it
     * all; a block that left by a hit and was freed again went back in after the mark. Exact for marks
     * fewer than 2^31 appends old.
     */
    public boolean keptSince(int mark) {
        return lastTaken - mark < 0;
    }

    /** Cached prefixes forgotten to make room. */
    public long evictions() {
        return evictions;
    }

    public int blockSize() {
        return blockSize;
    }

    /** This pool's identity, unique in the process; for caches that must not be taken for another pool's. */
    public long id() {
        return id;
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
        for (int at = head; at != tail; at++) {
            int e = queue[at & mask];
            if (e < 0) {
                return spare[spareHead & spareMask];
            }
            if (live(e, at)) {
                return e;
            }
        }
        return NONE;
    }

    /** Whether the queue entry at {@code place} holding named block {@code b} is b's live entry. */
    private boolean live(int b, int place) {
        int m = b * STRIDE;
        return meta[m + REFS] == 0 && meta[m + PLACE] == place && meta[m + HASHED] != 0;
    }

    /**
     * Takes the least recently freed free block out of the queue (stale entries before it are dropped):
     * a named block's id, or {@link #NONE} for a block of a run (whose id the caller takes from
     * {@link #spare}).
     */
    private int popHead() {
        while (true) {
            int at = head;
            int p = at & mask;
            int e = queue[p];
            if (e < 0) {
                lastTaken = runFirst[p]++;
                if (e == -1) {
                    head++;
                } else {
                    queue[p] = e + 1;
                }
                free--;
                return NONE;
            }
            head++;
            if (live(e, at)) {
                free--;
                lastTaken = meta[e * STRIDE + ORDINAL];
                return e;
            }
        }
    }

    /** Appends named block {@code b} at the tail of the free queue. */
    private void append(int b) {
        if (tail - head == queue.length) {
            compact();
        }
        int at = tail++;
        queue[at & mask] = b;
        meta[b * STRIDE + PLACE] = at;
        meta[b * STRIDE + ORDINAL] = appended++;
        free++;
    }

    /** Appends {@code n} nameless blocks at the tail: to the run there, or as a new run. */
    private void appendNameless(int n) {
        if (n == 0) {
            return;
        }
        int last = (tail - 1) & mask;
        if (tail != head && queue[last] < 0 && runFirst[last] - queue[last] == appended) { // a run whose ordinals end here
            queue[last] -= n; // the run's ordinals go on from its last one
        } else {
            if (tail - head == queue.length) {
                compact();
            }
            int at = tail++;
            queue[at & mask] = -n;
            runFirst[at & mask] = appended;
        }
        appended += n;
        free += n;
    }

    /**
     * The ring is full of entries, some stale: keeps the live ones and the runs in order at places 0..,
     * in a ring twice the size when they fill more than half of this one.
     */
    private void compact() {
        int[] old = queue;
        int[] oldFirst = runFirst;
        int oldMask = mask;
        int size = 2 * free > old.length ? old.length * 2 : old.length; // live entries and runs hold at least one free block each
        if (spareQueue != null && spareQueue.length == size) {
            queue = spareQueue;
            runFirst = spareRunFirst;
        } else {
            queue = new int[size];
            runFirst = new int[size];
        }
        // a ring of the same size is compacted into again next time (a busy pod compacts every few thousand frees)
        spareQueue = size == old.length ? old : null;
        spareRunFirst = size == old.length ? oldFirst : null;
        mask = queue.length - 1;
        int kept = 0;
        for (int at = head; at != tail; at++) {
            int e = old[at & oldMask];
            if (e < 0) {
                queue[kept] = e;
                runFirst[kept] = oldFirst[at & oldMask];
                kept++;
            } else if (live(e, at)) {
                queue[kept] = e;
                meta[e * STRIDE + PLACE] = kept;
                kept++;
            }
        }
        head = 0;
        tail = kept;
    }
}
