package io.nous.sim.metrics;

import java.util.Arrays;

/**
 * Sorts the floats of a run's per-request latencies by radix, a byte at a time from the lowest: four
 * linear passes (fewer where every value shares a byte) instead of a comparison sort, for the tens of
 * thousands of samples every comparison of runs reads. The order is {@link Arrays#sort(float[])}'s,
 * bit for bit: a float's bits, the sign bit flipped and a negative's other bits inverted, order as
 * unsigned integers exactly as {@link Float#compare} does (-0.0 before 0.0), and equal keys are equal
 * bits. An array holding a NaN, and a short one, is left to {@link Arrays#sort(float[])}.
 */
final class FloatSort {
    /** Below this many values a comparison sort is as quick. */
    private static final int RADIX_FROM = 256;

    private FloatSort() {
    }

    /** Sorts {@code a} in place into {@link Arrays#sort(float[])}'s order. */
    static void sort(float[] a) {
        int n = a.length;
        if (n < RADIX_FROM) {
            Arrays.sort(a);
            return;
        }
        int[] keys = new int[n];
        int[] counts = new int[4 * 256];
        for (int i = 0; i < n; i++) {
            float f = a[i];
            if (f != f) {
                Arrays.sort(a); // a NaN: Arrays.sort puts every NaN last, whatever its sign bit
                return;
            }
            int bits = Float.floatToRawIntBits(f);
            int k = bits ^ ((bits >> 31) | 0x80000000);
            keys[i] = k;
            counts[k & 0xff]++;
            counts[256 + ((k >>> 8) & 0xff)]++;
            counts[512 + ((k >>> 16) & 0xff)]++;
            counts[768 + (k >>> 24)]++;
        }
        int[] from = keys;
        int[] to = new int[n];
        for (int pass = 0; pass < 4; pass++) {
            int shift = 8 * pass;
            int base = 256 * pass;
            if (counts[base + ((from[0] >>> shift) & 0xff)] == n) {
                continue; // every key has this byte: the pass would move nothing
            }
            int sum = 0;
            for (int b = 0; b < 256; b++) {
                int c = counts[base + b];
                counts[base + b] = sum;
                sum += c;
            }
            for (int i = 0; i < n; i++) {
                int k = from[i];
                to[counts[base + ((k >>> shift) & 0xff)]++] = k;
            }
            int[] t = from;
            from = to;
            to = t;
        }
        for (int i = 0; i < n; i++) {
            int k = from[i];
            a[i] = Float.intBitsToFloat(k < 0 ? k ^ 0x80000000 : ~k);
        }
    }
}
