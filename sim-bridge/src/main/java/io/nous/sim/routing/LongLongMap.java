package io.nous.sim.routing;

/**
 * An open-addressing map from long keys to long values (linear probing, backward-shift deletion), so
 * the router's prefix index holds millions of block hashes without boxing. A value of
 * {@link #MISSING} means absent.
 */
final class LongLongMap {
    static final long MISSING = Long.MIN_VALUE;

    private long[] keys;
    private long[] values;
    private boolean[] used;
    private int size;
    private int mask;

    LongLongMap(int expected) {
        int cap = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        allocate(cap);
    }

    private void allocate(int cap) {
        keys = new long[cap];
        values = new long[cap];
        used = new boolean[cap];
        mask = cap - 1;
        size = 0;
    }

    int size() {
        return size;
    }

    private int slot(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    long get(long key) {
        int i = slot(key);
        while (used[i]) {
            if (keys[i] == key) {
                return values[i];
            }
            i = (i + 1) & mask;
        }
        return MISSING;
    }

    void put(long key, long value) {
        int i = slot(key);
        while (used[i]) {
            if (keys[i] == key) {
                values[i] = value;
                return;
            }
            i = (i + 1) & mask;
        }
        used[i] = true;
        keys[i] = key;
        values[i] = value;
        if (++size * 2 > keys.length) {
            grow();
        }
    }

    void remove(long key) {
        int i = slot(key);
        while (used[i]) {
            if (keys[i] == key) {
                shiftBack(i);
                size--;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    /** Closes the gap at {@code hole}, moving back the entries of the probe run that follows it. */
    private void shiftBack(int hole) {
        int i = hole;
        while (true) {
            i = (i + 1) & mask;
            if (!used[i]) {
                break;
            }
            int home = slot(keys[i]);
            // the entry at i may move to the hole when its home is not in (hole, i]
            boolean between = hole <= i ? home > hole && home <= i : home > hole || home <= i;
            if (!between) {
                keys[hole] = keys[i];
                values[hole] = values[i];
                hole = i;
            }
        }
        used[hole] = false;
    }

    private void grow() {
        long[] k = keys;
        long[] v = values;
        boolean[] u = used;
        allocate(k.length * 2);
        for (int i = 0; i < k.length; i++) {
            if (u[i]) {
                put(k[i], v[i]);
            }
        }
    }
}
