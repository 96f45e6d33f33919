package io.nous.sim.pod;

/**
 * One pod's spare block tables: the block-id and block-hash arrays of requests that left, kept for
 * the requests that come next. A prefix-heavy request holds hundreds of blocks, and allocating and
 * zeroing two fresh tables for each was most of what the simulator allocated. Tables come in powers of
 * two; a request reads only the entries it wrote, so a table's earlier contents never matter.
 */
final class BlockTables {
    /** Tables below this many entries are cheaper to allocate than to keep. */
    private static final int MIN_KEPT = 64;
    /** Spare tables kept per size class. */
    private static final int KEPT_PER_CLASS = 16;
    private static final int CLASSES = 32;

    private final int[][][] ids = new int[CLASSES][KEPT_PER_CLASS][];
    private final int[] idCount = new int[CLASSES];
    private final long[][][] hashes = new long[CLASSES][KEPT_PER_CLASS][];
    private final int[] hashCount = new int[CLASSES];

    /** A block-id table of at least {@code n} entries. */
    int[] ids(int n) {
        if (n < MIN_KEPT) {
            return new int[n];
        }
        int c = sizeClass(n);
        return idCount[c] > 0 ? ids[c][--idCount[c]] : new int[1 << c];
    }

    /** A block-hash table of at least {@code n} entries. */
    long[] hashes(int n) {
        if (n < MIN_KEPT) {
            return new long[n];
        }
        int c = sizeClass(n);
        return hashCount[c] > 0 ? hashes[c][--hashCount[c]] : new long[1 << c];
    }

    /** Keeps a table no request holds any more (or lets it go when enough are kept). */
    void release(int[] table) {
        if (table != null && table.length >= MIN_KEPT) {
            int c = Integer.numberOfTrailingZeros(table.length);
            if (idCount[c] < KEPT_PER_CLASS) {
                ids[c][idCount[c]++] = table;
            }
        }
    }

    /** Keeps a table no request holds any more (or lets it go when enough are kept). */
    void release(long[] table) {
        if (table != null && table.length >= MIN_KEPT) {
            int c = Integer.numberOfTrailingZeros(table.length);
            if (hashCount[c] < KEPT_PER_CLASS) {
                hashes[c][hashCount[c]++] = table;
            }
        }
    }

    /** log2 of the smallest power of two >= n. */
    private static int sizeClass(int n) {
        return 32 - Integer.numberOfLeadingZeros(n - 1);
    }
}
