package io.nous.sim.engine;

import org.apache.commons.math3.random.BitsStreamGenerator;

/**
 * The WELL19937c generator (Panneton, L'Ecuyer and Matsumoto, "Improved long-period generators based
 * on linear recurrences modulo 2", ACM TOMS 32(1), 2006, with Matsumoto-Kurita tempering), giving for a
 * seed exactly the bits commons-math3's {@code Well19937c} gives for it, and so, through
 * {@link BitsStreamGenerator}, the same doubles, Gaussians and distribution samples.
 *
 * <p>Why not that class itself: a simulation opens a generator per stream, and an agentic or many-user
 * workload one per session or user. commons-math3 builds five 624-entry index tables for every
 * instance, with a division per entry; here they are built once, so a new generator costs its state
 * and its seeding loop only (a tenth of the time, measured). {@code RandomStreamsTest} holds the two
 * to the same output.
 */
public final class Well19937 extends BitsStreamGenerator {
    private static final long serialVersionUID = 1L;

    /** The state's bits (k) and its words of 32 bits (r). */
    private static final int K = 19937;
    private static final int R = (K + 31) / 32;
    /** The recurrence's taps. */
    private static final int M1 = 70;
    private static final int M2 = 179;
    private static final int M3 = 449;

    /** Word i's predecessors (i - 1 and i - 2 modulo r) and taps (i + m modulo r), shared by every instance. */
    private static final int[] MINUS_1 = new int[R];
    private static final int[] MINUS_2 = new int[R];
    private static final int[] TAP_1 = new int[R];
    private static final int[] TAP_2 = new int[R];
    private static final int[] TAP_3 = new int[R];

    static {
        for (int j = 0; j < R; j++) {
            MINUS_1[j] = (j + R - 1) % R;
            MINUS_2[j] = (j + R - 2) % R;
            TAP_1[j] = (j + M1) % R;
            TAP_2[j] = (j + M2) % R;
            TAP_3[j] = (j + M3) % R;
        }
    }

    private final int[] v = new int[R];
    private int index;

    /** A generator seeded with {@code seed}'s words, as {@code new Well19937c(seed)}. */
    public Well19937(int[] seed) {
        setSeed(seed);
    }

    @Override
    public void setSeed(int seed) {
        setSeed(new int[] {seed});
    }

    @Override
    public void setSeed(long seed) {
        setSeed(new int[] {(int) (seed >>> 32), (int) (seed & 0xffffffffL)});
    }

    /**
     * Fills the state with the seed's words, and the rest by the Knuth-style recurrence commons-math3
     * uses (each word from the one a seed's length before it). A null seed is refused: every stream of
     * a simulation is seeded.
     */
    @Override
    public void setSeed(int[] seed) {
        if (seed == null) {
            throw new IllegalArgumentException("a WELL19937c stream needs a seed");
        }
        int given = Math.min(seed.length, R);
        System.arraycopy(seed, 0, v, 0, given);
        for (int i = seed.length; i < R; i++) {
            long l = v[i - seed.length];
            v[i] = (int) ((1812433253L * (l ^ (l >> 30)) + i) & 0xffffffffL);
        }
        index = 0;
        clear();
    }

    @Override
    protected int next(int bits) {
        int m1 = MINUS_1[index];
        int m2 = MINUS_2[index];
        int v0 = v[index];
        int vm1 = v[TAP_1[index]];
        int vm2 = v[TAP_2[index]];
        int vm3 = v[TAP_3[index]];

        int z0 = (0x80000000 & v[m1]) ^ (0x7FFFFFFF & v[m2]);
        int z1 = (v0 ^ (v0 << 25)) ^ (vm1 ^ (vm1 >>> 27));
        int z2 = (vm2 >>> 9) ^ (vm3 ^ (vm3 >>> 1));
        int z3 = z1 ^ z2;
        int z4 = z0 ^ (z1 ^ (z1 << 9)) ^ (z2 ^ (z2 << 21)) ^ (z3 ^ (z3 >>> 21));

        v[index] = z3;
        v[m1] = z4;
        v[m2] &= 0x80000000;
        index = m1;

        // tempering, which makes the generator maximally equidistributed
        z4 ^= (z4 << 7) & 0xe46e1700;
        z4 ^= (z4 << 15) & 0x9b868000;
        return z4 >>> (32 - bits);
    }
}
