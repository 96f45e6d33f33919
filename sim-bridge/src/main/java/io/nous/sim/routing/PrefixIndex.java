package io.nous.sim.routing;

/**
 * The approximate prefix producer's indexer (llm-d-router v0.10.0,
 * pkg/epp/framework/plugins/requestcontrol/dataproducer/approximateprefix/indexer.go): which endpoints
 * the router believes hold which prompt blocks, learned only from where it sent requests. Each
 * endpoint has an LRU of block hashes with a fixed capacity (golang-lru: adding a present hash makes
 * it most recent; adding to a full LRU evicts the least recent), and a hash maps to the set of
 * endpoints whose LRU holds it.
 */
final class PrefixIndex {
    private final int pods;
    /** hash → bit set of endpoints (at most 64 endpoints). */
    private final LongLongMap holders = new LongLongMap(1 << 12);
    private final Lru[] lrus;

    PrefixIndex(int pods) {
        if (pods > 64) {
            throw new RoutingException("the approximate prefix index supports at most 64 endpoints, got " + pods);
        }
        this.pods = pods;
        this.lrus = new Lru[pods];
    }

    /** Endpoints that hold {@code hash}, as a bit set. */
    long holders(long hash) {
        long m = holders.get(hash);
        return m == LongLongMap.MISSING ? 0 : m;
    }

    /** Records that {@code pod} was sent the blocks {@code hashes[0, n)}; {@code capacity} sizes its LRU on first use. */
    void add(long[] hashes, int n, int pod, int capacity) {
        Lru lru = lrus[pod];
        if (lru == null) {
            lru = lrus[pod] = new Lru(capacity);
        }
        long bit = 1L << pod;
        // as upstream: all LRU adds first (evictions clear their endpoint's bit), then the hash → endpoints update
        for (int i = 0; i < n; i++) {
            long evicted = lru.add(hashes[i]);
            if (lru.evictedAny) {
                long m = holders(evicted) & ~bit;
                if (m == 0) {
                    holders.remove(evicted);
                } else {
                    holders.put(evicted, m);
                }
            }
        }
        for (int i = 0; i < n; i++) {
            holders.put(hashes[i], holders(hashes[i]) | bit);
        }
    }

    /** Blocks endpoint {@code pod}'s LRU holds now. */
    int blocks(int pod) {
        return lrus[pod] == null ? 0 : lrus[pod].size;
    }

    int pods() {
        return pods;
    }

    /** A fixed-capacity LRU of hashes: a doubly linked list over arrays, most recent at the head. */
    private static final class Lru {
        private final int capacity;
        private final LongLongMap nodes;
        private long[] keys;
        private int[] prev;
        private int[] next;
        private int head = -1;
        private int tail = -1;
        private int size;
        boolean evictedAny;

        Lru(int capacity) {
            this.capacity = capacity;
            int initial = Math.min(capacity, 1024);
            this.nodes = new LongLongMap(initial);
            this.keys = new long[initial];
            this.prev = new int[initial];
            this.next = new int[initial];
        }

        /** Adds or refreshes {@code key}; the evicted key when one was evicted ({@link #evictedAny}). */
        long add(long key) {
            evictedAny = false;
            long node = nodes.get(key);
            if (node != LongLongMap.MISSING) {
                moveToHead((int) node);
                return 0;
            }
            int slot;
            long evicted = 0;
            if (size == capacity) {
                slot = tail;
                evicted = keys[slot];
                evictedAny = true;
                unlink(slot);
                nodes.remove(evicted);
                size--;
            } else {
                if (size == keys.length) {
                    int cap = (int) Math.min(capacity, (long) keys.length * 2);
                    keys = java.util.Arrays.copyOf(keys, cap);
                    prev = java.util.Arrays.copyOf(prev, cap);
                    next = java.util.Arrays.copyOf(next, cap);
                }
                slot = size;
            }
            keys[slot] = key;
            linkHead(slot);
            nodes.put(key, slot);
            size++;
            return evicted;
        }

        private void moveToHead(int slot) {
            if (slot != head) {
                unlink(slot);
                linkHead(slot);
            }
        }

        private void unlink(int slot) {
            int p = prev[slot];
            int n = next[slot];
            if (p >= 0) {
                next[p] = n;
            } else {
                head = n;
            }
            if (n >= 0) {
                prev[n] = p;
            } else {
                tail = p;
            }
        }

        private void linkHead(int slot) {
            prev[slot] = -1;
            next[slot] = head;
            if (head >= 0) {
                prev[head] = slot;
            }
            head = slot;
            if (tail < 0) {
                tail = slot;
            }
        }
    }
}
