package io.nous.sim.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class FloatSortTest {

    private static int[] bits(float[] a) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = Float.floatToRawIntBits(a[i]);
        }
        return out;
    }

    private static void assertSortsAsArraysSort(float[] a) {
        float[] expected = a.clone();
        Arrays.sort(expected);
        float[] actual = a.clone();
        FloatSort.sort(actual);
        assertThat(bits(actual)).isEqualTo(bits(expected));
    }

    @Test
    void latenciesComeOutInArraysSortOrderBitForBit() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (int round = 0; round < 50; round++) {
            float[] a = new float[1 + rnd.nextInt(20_000)];
            for (int i = 0; i < a.length; i++) {
                // milliseconds with heavy ties, as a run's latencies have
                a[i] = (float) (Math.round(Math.exp(rnd.nextDouble(0, 12)) * 1000) / 1000.0);
            }
            assertSortsAsArraysSort(a);
        }
    }

    @Test
    void signsZerosInfinitiesAndNaNsOrderAsArraysSortOrdersThem() {
        float[] specials = {0f, -0f, 1f, -1f, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE,
                Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 1e-30f, -1e30f};
        SplittableRandom rnd = new SplittableRandom(9);
        for (int round = 0; round < 50; round++) {
            float[] a = new float[300 + rnd.nextInt(3_000)];
            for (int i = 0; i < a.length; i++) {
                a[i] = rnd.nextInt(4) == 0 ? specials[rnd.nextInt(specials.length)] : Float.intBitsToFloat(rnd.nextInt());
            }
            if (round % 2 == 0) {
                for (int i = 0; i < a.length; i++) {
                    if (a[i] != a[i]) {
                        a[i] = specials[i % specials.length]; // no NaN this round: the radix path throughout
                    }
                }
            }
            assertSortsAsArraysSort(a);
        }
    }
}
