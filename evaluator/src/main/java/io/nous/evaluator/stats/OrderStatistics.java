package io.nous.evaluator.stats;

/**
 * Two order statistics of a sample, as {@link java.util.Arrays#sort(double[])} would place them, found
 * by selection instead of a sort: a percentile interval needs two elements of a few thousand replicates,
 * and every comparison of every judged scenario asks for one. The order is {@link Double#compare}'s
 * (-0.0 before 0.0, NaN last), kept by selecting on each value's sortable bits.
 */
final class OrderStatistics {
    private OrderStatistics() {
    }

    /** The elements at {@code lo <= hi} (0-based) of {@code values} in ascending order; {@code values} is not modified. */
    static double[] pair(double[] values, int lo, int hi) {
        if (lo < 0 || hi < lo || hi >= values.length) {
            throw new IllegalArgumentException("order statistics " + lo + " and " + hi + " of " + values.length + " values");
        }
        long[] keys = new long[values.length];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = key(values[i]);
        }
        select(keys, 0, keys.length - 1, lo);
        if (hi > lo) {
            // everything after lo is at least keys[lo]: hi is found among them
            select(keys, lo + 1, keys.length - 1, hi);
        }
        return new double[] {value(keys[lo]), value(keys[hi])};
    }

    /** A long that orders as {@link Double#compare} orders the double (NaN, made canonical, above +Infinity). */
    private static long key(double d) {
        long bits = Double.doubleToLongBits(d);
        return bits ^ ((bits >> 63) & Long.MAX_VALUE);
    }

    /** The double whose {@link #key} is {@code key}: flipping the same bits again undoes {@link #key}. */
    private static double value(long key) {
        return Double.longBitsToDouble(key ^ ((key >> 63) & Long.MAX_VALUE));
    }

    /** Rearranges {@code a[from..to]} so that {@code a[k]} holds what a sort would put there, smaller before it, larger after. */
    private static void select(long[] a, int from, int to, int k) {
        while (to > from) {
            // median of three as the pivot, moved to a[from]; Hoare's partition around it
            int mid = (from + to) >>> 1;
            if (a[mid] < a[from]) {
                swap(a, mid, from);
            }
            if (a[to] < a[from]) {
                swap(a, to, from);
            }
            if (a[to] < a[mid]) {
                swap(a, to, mid);
            }
            swap(a, from, mid);
            long pivot = a[from];
            int i = from;
            int j = to + 1;
            while (true) {
                do {
                    i++;
                } while (i <= to && a[i] < pivot);
                do {
                    j--;
                } while (a[j] > pivot);
                if (i >= j) {
                    break;
                }
                swap(a, i, j);
            }
            swap(a, from, j);
            if (j == k) {
                return;
            } else if (j < k) {
                from = j + 1;
            } else {
                to = j - 1;
            }
        }
    }

    private static void swap(long[] a, int i, int j) {
        long t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
