package io.nous.sim.routing;

import java.util.Arrays;

/**
 * The approximate prefix producer's indexer (llm-d-router v0.10.0,
 * pkg/epp/framework/plugins/requestcontrol/dataproducer/approximateprefix/indexer.go): which endpoints
 * the router believes hold which prompt blocks, learned only from where it sent requests. Each
 * endpoint has an LRU of block hashes with a fixed capacity (golang-lru: adding a present hash makes
 * it most recent; adding to a full LRU evicts the least recent), and a hash maps to the set of
 * endpoints whose LRU holds it.
 *
 * <p>One table serves both: a hash names an entry holding its endpoint bit set and, per endpoint,
 * its node in that endpoint's LRU, so a lookup finds both at once. Entries are recycled when no
 * endpoint holds their hash. What a caller knows of a prompt saves reading it block by block: the
 * stretches a tenant's span and a session's history come with ({@link Stretch}), and the blocks of the
 * prompt's own, which nobody looks up by hash and the table does not map.
 */
final class PrefixIndex {
    private final int pods;
    /** hash → entry id. */
    private final LongLongMap entries = new LongLongMap(1 << 12);
    /**
     * Entry e's row, from {@code e · stride}: its hash ({@link #KEY_LOW}, {@link #KEY_HIGH}), its endpoint bit
     * set ({@link #MASK_LOW}, {@link #MASK_HIGH}), whether it stands for its hash now ({@link #ALIVE}: not
     * once released, until reused) and, per endpoint p from {@link #NODES}, its node in p's LRU or -1. One
     * row holds all that a block's add reads, so the add reads one or two lines per block instead of one
     * per array.
     */
    private int[] rows;
    private final int stride;
    private static final int KEY_LOW = 0;
    private static final int KEY_HIGH = 1;
    private static final int MASK_LOW = 2;
    private static final int MASK_HIGH = 3;
    private static final int ALIVE = 4;
    /** {@link #ALIVE}'s values for an entry that stands for its hash: mapped by the hash table, or a prompt's own block's. */
    private static final int MAPPED = 1;
    private static final int UNMAPPED = 2;
    private static final int NODES = 5;
    /** Entries the rows have room for. */
    private int rowCapacity = 1024;
    private int[] free = new int[64];
    private int freeCount;
    private int nextEntry;
    private final Lru[] lrus;
    private int[] added = new int[256];
    /** Per block of the add in progress past the caller's hints: the entry its hash had when the add began, or -1. */
    private int[] found = new int[256];
    private boolean recycled;
    /** Hashes of mapped entries the add in progress released: the table still maps them until it ends. */
    private long[] released = new long[64];
    private int releasedCount;
    /** What {@link #takeOutReleased}'s reads ahead read (kept only so that those reads are not optimised away). */
    private long warmed;

    /** Endpoints one index tracks at most (one bit each in a 64-bit mask). */
    static final int MAX_ENDPOINTS = 64;

    PrefixIndex(int pods) {
        if (pods > MAX_ENDPOINTS) {
            throw new RoutingException("the approximate prefix index supports at most 64 endpoints, got " + pods);
        }
        this.pods = pods;
        this.lrus = new Lru[pods];
        this.stride = NODES + pods;
        this.rows = new int[rowCapacity * stride];
        clearRows(0);
    }

    /** Endpoints that hold {@code hash}, as a bit set. */
    long holders(long hash) {
        long e = entries.get(hash);
        return e == LongLongMap.MISSING ? 0 : mask((int) e);
    }

    /**
     * Endpoints that hold {@code hash}, as a bit set, looked up through {@code hint}: an entry id found for
     * the hash before, checked to stand for it still (the answer is the same with any hint, or -1 for none).
     */
    long holders(long hash, int hint) {
        return standsFor(hint, hash) ? mask(hint) : holders(hash);
    }

    /** Whether entry {@code e} stands for {@code hash} now: then it is the one entry the table maps the hash to. */
    private boolean standsFor(int e, long hash) {
        return e >= 0 && e < nextEntry && rows[e * stride + ALIVE] != 0 && key(e) == hash;
    }

    /** Whether the index has an entry for any of {@code hashes[0, n)}. */
    boolean knowsAny(long[] hashes, int n) {
        for (int i = 0; i < n; i++) {
            if (entries.get(hashes[i]) != LongLongMap.MISSING) {
                return true;
            }
        }
        return false;
    }

    /**
     * The entry the hash table maps {@code hash} to, or -1 when none (for tests of {@link #addedEntry}): the entry that
     * stands for it, unless it is a prompt's own block's, which the table does not map.
     */
    int entryOf(long hash) {
        long e = entries.get(hash);
        return e == LongLongMap.MISSING ? -1 : (int) e;
    }

    /** The entry of the i-th block of the last {@link #add}, as it stands after that add. */
    int addedEntry(int i) {
        return added[i];
    }

    /** Records that {@code pod} was sent the blocks {@code hashes[0, n)}; {@code capacity} sizes its LRU on first use. */
    void add(long[] hashes, int n, int pod, int capacity) {
        add(hashes, n, pod, capacity, null, 0);
    }

    /**
     * {@link #add(long[], int, int, int)} with hints: {@code known[i]} for the first {@code knownCount}
     * blocks is an entry found for block i's hash before, used when it still stands for it (checked)
     * instead of a lookup.
     */
    void add(long[] hashes, int n, int pod, int capacity, int[] known, int knownCount) {
        add(hashes, n, pod, capacity, known, knownCount, null, 0, null, n);
    }

    /**
     * {@link #add(long[], int, int, int, int[], int)} of a prompt whose first {@code spanBlocks} blocks are the
     * stretch {@code span} and whose others the stretch {@code rest} (either may be null: blocks of the prompt's own).
     * Each stretch's blocks that the endpoint provably still holds as one intact run move to the head whole; the list,
     * the sets and the entries come out as a block-by-block add leaves them.
     *
     * <p>Blocks from {@code ownFrom} on are the prompt's own: no other prompt has them and nobody looks them up by
     * hash, so they get entries that the hash table does not map (one probe of a table far larger than the caches
     * saved per block); an earlier pick of the same route finds them again through its entries, passed as hints.
     */
    void add(long[] hashes, int n, int pod, int capacity, int[] known, int knownCount, Stretch span, int spanBlocks, Stretch rest,
             int ownFrom) {
        Lru lru = lrus[pod];
        if (lru == null) {
            lru = lrus[pod] = new Lru(capacity);
        }
        if (added.length < n) {
            added = new int[Math.max(n, added.length * 2)];
        }
        recycled = false;
        long bit = 1L << pod;
        // the blocks without hints looked up first, in a loop of independent reads, so that their misses in a table far
        // larger than the caches overlap; the answers are hints like the caller's, checked where they are used
        if (found.length < n) {
            found = new int[Math.max(n, found.length * 2)];
        }
        for (int i = knownCount; i < n; i++) {
            long f = i < ownFrom ? entries.get(hashes[i]) : LongLongMap.MISSING;
            found[i] = f == LongLongMap.MISSING ? -1 : (int) f;
        }
        // as upstream: all LRU adds first (evictions clear their endpoint's bit), then the hash → endpoints update.
        // Blocks already held move to the head one after another; while each one's node lies just before the last
        // one's, toward the head (a prompt's blocks added in order before lie so), the moves are held as one segment,
        // from runFirst (toward the head) to runLast, and made at once: the list comes out the same.
        int fast = n < lru.capacity ? moveIntactRuns(lru, pod, hashes, n, span, spanBlocks, rest) : 0;
        int runFirst = -1;
        int runLast = -1;
        for (int i = fast; i < n; i++) {
            int hint = i < knownCount ? known[i] : found[i];
            int e = standsFor(hint, hashes[i]) ? hint : i < ownFrom ? entry(hashes[i]) : newEntry(hashes[i]);
            added[i] = e;
            int node = rows[e * stride + NODES + pod];
            if (node >= 0) {
                if (runFirst >= 0 && node == lru.previous(runFirst)) {
                    runFirst = node;
                } else {
                    if (runFirst >= 0) {
                        lru.moveToHead(runFirst, runLast);
                    }
                    runFirst = runLast = node;
                }
                continue;
            }
            if (runFirst >= 0) {
                lru.moveToHead(runFirst, runLast); // before an eviction looks at the tail
                runFirst = -1;
            }
            if (lru.size == lru.capacity) {
                int victim = lru.tail;
                int ve = lru.entry(victim);
                lru.unlink(victim);
                lru.size--;
                rows[ve * stride + NODES + pod] = -1;
                long left = mask(ve) & ~bit;
                setMask(ve, left);
                lru.push(victim);
                if (left == 0 && ve != e) {
                    release(ve);
                }
            }
            int slot = lru.take(e);
            rows[e * stride + NODES + pod] = slot;
        }
        if (runFirst >= 0) {
            lru.moveToHead(runFirst, runLast);
        }
        // an entry released above may have stood for one of these blocks (or been reused for another): such a
        // block's entry is found again, or made anew, in the same order as a lookup of every block would. The blocks
        // moved as intact runs are held here, and stay so through this add (it is shorter than the LRU): their entries
        // stand and their sets have this endpoint already
        for (int i = fast; i < n; i++) {
            int e = added[i];
            if (recycled && !standsFor(e, hashes[i])) {
                e = i < ownFrom ? entry(hashes[i]) : newEntry(hashes[i]);
            }
            setMask(e, mask(e) | bit);
            added[i] = e;
        }
        if (releasedCount > 0) {
            takeOutReleased();
        }
        lru.clock += n;
        if (span != null && spanBlocks > 0) {
            span.record(pod, lru.clock, n, added, 0, spanBlocks);
        }
        if (rest != null) {
            rest.record(pod, lru.clock, n, added, spanBlocks, n - spanBlocks);
        }
    }

    /**
     * Moves to the head, whole, the leading blocks of {@code span} and then (when all of the span's went) of
     * {@code rest} that endpoint {@code pod} provably holds as intact runs; fills their entries in {@link #added} and
     * returns how many leading blocks of the prompt went so. What moving them one by one would do: each run is linked
     * in the prompt's order, and nothing else lies inside it.
     */
    private int moveIntactRuns(Lru lru, int pod, long[] hashes, int n, Stretch span, int spanBlocks, Stretch rest) {
        int fast = 0;
        if (span != null && spanBlocks > 0) {
            int run = Math.min(span.intactRun(pod, lru), spanBlocks);
            if (run > 0) {
                moveRun(lru, pod, hashes, 0, span.entries, run);
                fast = run;
            }
        }
        if (rest != null && fast == spanBlocks && n > spanBlocks) {
            int run = Math.min(rest.intactRun(pod, lru), n - spanBlocks);
            if (run > 0) {
                moveRun(lru, pod, hashes, spanBlocks, rest.entries, run);
                fast += run;
            }
        }
        return fast;
    }

    /** Moves the intact run of blocks [from, from + length) of the prompt, whose entries are {@code entries[0, length)}, to the head. */
    private void moveRun(Lru lru, int pod, long[] hashes, int from, int[] entries, int length) {
        assert isIntactRun(pod, hashes, from, entries, length) : "blocks " + from + ".." + (from + length) + " are no intact run of endpoint " + pod;
        System.arraycopy(entries, 0, added, from, length);
        lru.moveToHead(rows[entries[length - 1] * stride + NODES + pod], rows[entries[0] * stride + NODES + pod]);
    }

    /** What a stretch's records promise, read block by block (for assertions): each entry stands, is held and links to the next. */
    private boolean isIntactRun(int pod, long[] hashes, int from, int[] entries, int length) {
        Lru lru = lrus[pod];
        for (int i = 0; i < length; i++) {
            int e = entries[i];
            if (!standsFor(e, hashes[from + i]) || (mask(e) & 1L << pod) == 0) {
                return false;
            }
            int node = rows[e * stride + NODES + pod];
            if (node < 0 || lru.entry(node) != e || i > 0 && lru.next(node) != rows[entries[i - 1] * stride + NODES + pod]) {
                return false;
            }
        }
        return true;
    }

    /** A stretch whose blocks no endpoint holds yet, or, with {@code holdersUnknown}, that any endpoint may hold some of. */
    Stretch stretch(boolean holdersUnknown) {
        return new Stretch(pods, holdersUnknown ? (pods == 64 ? -1L : (1L << pods) - 1) : 0);
    }

    /**
     * Counts into {@code matched}, per endpoint, how many of the first {@code blocks} blocks of {@code s} it holds, when the
     * stretch's records tell that exactly, and returns how far a walk of them from the first goes before a block
     * nobody holds ({@code blocks} when it passes them all); -1, counting nothing, when some endpoint's holding can only
     * be told by reading the blocks.
     */
    int match(Stretch s, int blocks, int[] matched) {
        int longest = 0;
        for (long m = s.holders; m != 0; m &= m - 1) {
            int q = Long.numberOfTrailingZeros(m);
            int run = s.intactRun(q, lrus[q]);
            if (run < 0 || run != s.widest[q]) {
                return -1; // some of its blocks may be gone, or held outside the run
            }
            longest = Math.max(longest, run);
        }
        for (long m = s.holders; m != 0; m &= m - 1) {
            int q = Long.numberOfTrailingZeros(m);
            matched[q] += Math.min(s.run[q], blocks);
        }
        return Math.min(longest, blocks);
    }

    /**
     * A stretch of a prompt's consecutive blocks that comes with every add of any of them (a tenant's shared span, a
     * session's history). An add leaves them in the endpoint's LRU as one run, in order. Every later block the LRU
     * takes or moves pushes the run at most one place toward the tail; while fewer than it takes to reach the tail
     * have, none of the run is evicted and nothing has come inside it, so the next add moves it whole and a match
     * counts it whole, reading none of its blocks.
     */
    static final class Stretch {
        /** Endpoints whose LRU may hold some of its blocks. */
        private long holders;
        /** Per endpoint, as the last add there left them: the LRU's clock after it, the add's blocks, its leading blocks of this stretch. */
        private final long[] addedAt;
        private final int[] addSize;
        private final int[] run;
        /** Per endpoint: the most leading blocks of this stretch an add there carried (beyond {@link #run}, some may lie outside it). */
        private final int[] widest;
        /** Its leading blocks' entries, each as the last add carrying it left it, and how many are known. */
        private int[] entries = new int[16];
        private int known;

        private Stretch(int pods, long holders) {
            this.holders = holders;
            this.addedAt = new long[pods];
            this.addSize = new int[pods];
            this.run = new int[pods];
            this.widest = new int[pods];
        }

        /** Keeps its first {@code blocks} blocks only: what a session's next round shares of this round's prompt. */
        void trim(int blocks) {
            for (int p = 0; p < run.length; p++) {
                run[p] = Math.min(run[p], blocks);
                widest[p] = Math.min(widest[p], blocks);
            }
            known = Math.min(known, blocks);
        }

        /** Its leading blocks' entries, as hints (see {@link #known}). */
        int[] entries() {
            return entries;
        }

        /** How many of {@link #entries} are set. */
        int known() {
            return known;
        }

        /**
         * Leading blocks endpoint {@code pod} still holds as the intact run its last add left, or -1 when that cannot be
         * told: the run's deepest block stood at most {@code addSize - 1} places from the head, and each block the LRU
         * took or moved since pushed it one place at most, so it has not reached the tail while the two stay under the
         * capacity.
         */
        private int intactRun(int pod, Lru lru) {
            if ((holders & 1L << pod) == 0) {
                return 0;
            }
            if (lru == null || addSize[pod] == 0 || lru.clock - addedAt[pod] + addSize[pod] >= lru.capacity) {
                return -1;
            }
            return run[pod];
        }

        private void record(int pod, long clock, int size, int[] added, int from, int length) {
            holders |= 1L << pod;
            addedAt[pod] = clock;
            addSize[pod] = size;
            run[pod] = length;
            widest[pod] = Math.max(widest[pod], length);
            if (entries.length < length) {
                entries = Arrays.copyOf(entries, Math.max(length, 2 * entries.length));
            }
            System.arraycopy(added, from, entries, 0, length);
            known = Math.max(known, length);
        }
    }

    /** The entry of {@code hash}, created with no holders when new. */
    private int entry(long hash) {
        // the id a new entry would take, mapped in the same probe that looks the hash up; taken only when it was absent
        int e = freeCount > 0 ? free[freeCount - 1] : nextEntry;
        long found = entries.putIfAbsent(hash, e);
        if (found != LongLongMap.MISSING) {
            if (releasedCount == 0 || standsFor((int) found, hash)) {
                return (int) found;
            }
            entries.put(hash, e); // the entry this add released for the hash, not yet taken out: the hash is new
        }
        return make(hash, MAPPED);
    }

    /**
     * Takes the hashes of the entries this add released out of the table: their slots read first, in a loop of
     * independent reads, so that the misses of a table far larger than the caches overlap; a hash the add has
     * mapped again since (to an entry that stands for it) stays.
     */
    private void takeOutReleased() {
        long touched = 0;
        for (int i = 0; i < releasedCount; i++) {
            touched += entries.touch(released[i]);
        }
        warmed += touched;
        for (int i = 0; i < releasedCount; i++) {
            long key = released[i];
            long e = entries.get(key);
            if (e != LongLongMap.MISSING && !standsFor((int) e, key)) {
                entries.remove(key);
            }
        }
        releasedCount = 0;
    }

    /** A new entry for a prompt's own block, with no holders, that the hash table does not map. */
    private int newEntry(long hash) {
        return make(hash, UNMAPPED);
    }

    /** Makes the entry a new one takes (the last freed, else the next id) stand for {@code hash}. */
    private int make(long hash, int alive) {
        int e = freeCount > 0 ? free[freeCount - 1] : nextEntry;
        if (freeCount > 0) {
            freeCount--;
        } else {
            nextEntry++;
            if (e == rowCapacity) {
                rowCapacity *= 2;
                rows = Arrays.copyOf(rows, rowCapacity * stride);
                clearRows(e);
            }
        }
        int r = e * stride;
        rows[r + KEY_LOW] = (int) hash;
        rows[r + KEY_HIGH] = (int) (hash >>> 32);
        setMask(e, 0);
        rows[r + ALIVE] = alive;
        return e;
    }

    /** Forgets an entry no endpoint holds (its nodes are all -1 by then). */
    private void release(int e) {
        for (int p = 0; p < pods; p++) {
            if (rows[e * stride + NODES + p] >= 0) {
                return; // still in some LRU (its bit was cleared by an earlier eviction's stale quirk): keep it
            }
        }
        if (rows[e * stride + ALIVE] == MAPPED) {
            // taken out of the table when the add ends, with the others it released (see takeOutReleased)
            if (releasedCount == released.length) {
                released = Arrays.copyOf(released, releasedCount * 2);
            }
            released[releasedCount++] = key(e);
        }
        rows[e * stride + ALIVE] = 0;
        if (freeCount == free.length) {
            free = Arrays.copyOf(free, freeCount * 2);
        }
        free[freeCount++] = e;
        recycled = true;
    }

    private long key(int e) {
        int r = e * stride;
        return (long) rows[r + KEY_HIGH] << 32 | (rows[r + KEY_LOW] & 0xffffffffL);
    }

    private long mask(int e) {
        int r = e * stride;
        return (long) rows[r + MASK_HIGH] << 32 | (rows[r + MASK_LOW] & 0xffffffffL);
    }

    private void setMask(int e, long m) {
        int r = e * stride;
        rows[r + MASK_LOW] = (int) m;
        rows[r + MASK_HIGH] = (int) (m >>> 32);
    }

    /**
     * Sets the rows from entry {@code from} on to -1 throughout: every LRU node none; the other fields are
     * written when the entry is made ({@link #entry}), and nothing reads them before.
     */
    private void clearRows(int from) {
        Arrays.fill(rows, from * stride, rows.length, -1);
    }

    /** Blocks endpoint {@code pod}'s LRU holds now. */
    int blocks(int pod) {
        return lrus[pod] == null ? 0 : lrus[pod].size;
    }

    /**
     * A fixed-capacity LRU of entries: a doubly linked list over one array, most recent at the head.
     * Node n's entry, previous and next node lie side by side ({@code links[3n..3n+2]}), so a move
     * reads one line per node it touches.
     */
    private static final class Lru {
        private static final int ENTRY = 0;
        private static final int PREV = 1;
        private static final int NEXT = 2;

        final int capacity;
        /** Blocks its adds have carried, ever: no run moves further toward the tail than this grows. */
        long clock;
        private int[] links;
        private int head = -1;
        int tail = -1;
        int size;
        private int spare = -1;
        private int used;

        Lru(int capacity) {
            this.capacity = capacity;
            this.links = new int[3 * Math.min(capacity, 1024)];
        }

        /** The entry node {@code slot} holds. */
        int entry(int slot) {
            return links[3 * slot + ENTRY];
        }

        /** A node for entry {@code e}, linked at the head. */
        int take(int e) {
            int slot;
            if (spare >= 0) {
                slot = spare;
                spare = -1;
            } else {
                if (3 * used == links.length) {
                    links = Arrays.copyOf(links, 3 * (int) Math.min(capacity, 2L * used));
                }
                slot = used++;
            }
            links[3 * slot + ENTRY] = e;
            linkHead(slot);
            size++;
            return slot;
        }

        /** Keeps an evicted node for the next {@link #take}. */
        void push(int slot) {
            spare = slot;
        }

        /** The node after {@code slot}, toward the tail, or -1. */
        int next(int slot) {
            return links[3 * slot + NEXT];
        }

        /** The node before {@code slot}, toward the head, or -1. */
        int previous(int slot) {
            return links[3 * slot + PREV];
        }

        /**
         * Moves the nodes from {@code first} to {@code last} (linked in that order, head to tail) to the head,
         * in their order: what moving {@code last}, then each node before it up to {@code first}, would do.
         */
        void moveToHead(int first, int last) {
            int p = links[3 * first + PREV];
            if (p < 0) {
                return; // at the head already
            }
            int n = links[3 * last + NEXT];
            links[3 * p + NEXT] = n;
            if (n >= 0) {
                links[3 * n + PREV] = p;
            } else {
                tail = p;
            }
            links[3 * last + NEXT] = head;
            links[3 * head + PREV] = last;
            links[3 * first + PREV] = -1;
            head = first;
        }

        void unlink(int slot) {
            int p = links[3 * slot + PREV];
            int n = links[3 * slot + NEXT];
            if (p >= 0) {
                links[3 * p + NEXT] = n;
            } else {
                head = n;
            }
            if (n >= 0) {
                links[3 * n + PREV] = p;
            } else {
                tail = p;
            }
        }

        private void linkHead(int slot) {
            links[3 * slot + PREV] = -1;
            links[3 * slot + NEXT] = head;
            if (head >= 0) {
                links[3 * head + PREV] = slot;
            }
            head = slot;
            if (tail < 0) {
                tail = slot;
            }
        }
    }
}
