package io.nous.sim.engine;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * Independent, seeded random streams, one per purpose ("arrivals", "lengths", "pick", ...).
 *
 * <p>A stream's seed depends only on the scenario seed and the purpose's name, never on the order
 * in which streams are created or on how much another stream was used. This is what makes common
 * random numbers work: the arrival sequence of a scenario is the same whatever policy runs, because
 * the policy can only influence streams it consumes itself.
 */
public final class RandomStreams {
    private final long seed;

    public RandomStreams(long seed) {
        this.seed = seed;
    }

    public long seed() {
        return seed;
    }

    /** The 64-bit seed of the stream for {@code purpose}. */
    public long seedFor(String purpose) {
        long h = 0xcbf29ce484222325L; // FNV-1a over the purpose's bytes
        for (byte b : purpose.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return mix(mix(seed) ^ h);
    }

    /** A fast stream for the simulator's own draws (tie-breaks, phases). */
    public SplittableRandom stream(String purpose) {
        return new SplittableRandom(seedFor(purpose));
    }

    /** A commons-math3 generator, for sampling library distributions. */
    public RandomGenerator generator(String purpose) {
        long s = seedFor(purpose);
        return new Well19937(new int[] {(int) s, (int) (s >>> 32)});
    }

    /** SplitMix64 finalizer: a bijective 64-bit mix with good avalanche. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
