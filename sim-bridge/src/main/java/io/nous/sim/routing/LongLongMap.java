package io.nous.sim.routing;

/**
 * An open-addressing map from long keys to long values (linear probing, backward-shift deletion), so
 * the router's prefix index holds millions of block hashes without boxing. A value of
 * {@link #MISSING} means absent, and cannot be stored. A slot's key and value lie side by side in one
 * array, so a probe of a table far larger than the caches reads one line, not one per array.
 */
final class LongLongMap {
    static final long MISSING = Long.MIN_VALUE;

    /** Slot i: its key at {@code 2i}, its value at {@code 2i + 1} ({@link #MISSING}: empty). */
    private long[] table;
    private int size;
    private int mask;

    LongLongMap(int expected) {
        int cap = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        allocate(cap);
    }

    private void allocate(int slots) {
        table = new long[2 * slots];
        for (int i = 1; i < table.length; i += 2) {
            table[i] = MISSING;
        }
        mask = slots - 1;
        size = 0;
    }

    int size() {
        return size;
    }

    private int slot(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    /** The slot that holds {@code key}, or the empty slot where its probe run ends. */
    private int find(long key) {
        long[] t = table;
        for (int i = slot(key); ; i = (i + 1) & mask) {
            if (t[2 * i + 1] == MISSING || t[2 * i] == key) {
                return i;
            }
        }
    }

    /** Reads the slot where {@code key}'s probe starts, and returns what it holds: a read to overlap with others'. */
    long touch(long key) {
        return table[2 * slot(key)];
    }

    long get(long key) {
        return table[2 * find(key) + 1];
    }

    void put(long key, long value) {
        checkStorable(value);
        int i = find(key);
        if (table[2 * i + 1] != MISSING) {
            table[2 * i + 1] = value;
        } else {
            insert(i, key, value);
        }
    }

    /**
     * Maps {@code key} to {@code value} unless it is mapped already, in one probe: returns the value it
     * had, or {@link #MISSING} when it was absent and now maps to {@code value}.
     */
    long putIfAbsent(long key, long value) {
        checkStorable(value);
        int i = find(key);
        long had = table[2 * i + 1];
        if (had == MISSING) {
            insert(i, key, value);
        }
        return had;
    }

    /** Stores a key that is absent in the empty slot {@code i} its probe ended at. */
    private void insert(int i, long key, long value) {
        table[2 * i] = key;
        table[2 * i + 1] = value;
        if (++size * 2 > mask + 1) {
            grow();
        }
    }

    private static void checkStorable(long value) {
        if (value == MISSING) {
            throw new IllegalArgumentException("MISSING marks an empty slot and cannot be stored");
        }
    }

    void remove(long key) {
        int i = find(key);
        if (table[2 * i + 1] != MISSING) {
            shiftBack(i);
            size--;
        }
    }

    /** Closes the gap at {@code hole}, moving back the entries of the probe run that follows it. */
    private void shiftBack(int hole) {
        long[] t = table;
        int i = hole;
        while (true) {
            i = (i + 1) & mask;
            if (t[2 * i + 1] == MISSING) {
                break;
            }
            int home = slot(t[2 * i]);
            // the entry at i may move to the hole when its home is not in (hole, i]
            boolean between = hole <= i ? home > hole && home <= i : home > hole || home <= i;
            if (!between) {
                t[2 * hole] = t[2 * i];
                t[2 * hole + 1] = t[2 * i + 1];
                hole = i;
            }
        }
        t[2 * hole + 1] = MISSING;
    }

    private void grow() {
        long[] old = table;
        allocate(old.length); // twice the slots: old.length / 2 before
        for (int i = 0; i < old.length; i += 2) {
            if (old[i + 1] != MISSING) {
                put(old[i], old[i + 1]);
            }
        }
    }
}
