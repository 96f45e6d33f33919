package io.nous.spark;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** How a job's simulations are cut into tasks: consecutive runs, every simulation once, large first. */
class BatchScheduleTest {
    @Property
    void batchesCoverEverySimulationOnceInOrderAndNeverGrow(@ForAll @IntRange(min = 1, max = 5000) int n,
                                                           @ForAll @IntRange(min = 1, max = 64) int slots) {
        int[] starts = SparkBackend.batchStarts(n, slots);
        assertThat(starts[0]).isZero();
        assertThat(starts[starts.length - 1]).isEqualTo(n);
        int previous = Integer.MAX_VALUE;
        for (int b = 0; b + 1 < starts.length; b++) {
            int size = starts[b + 1] - starts[b];
            assertThat(size).as("batch %d", b).isPositive();
            // every batch but the last (which takes what is left) is no larger than the one before
            if (b + 2 < starts.length) {
                assertThat(size).as("batch %d", b).isLessThanOrEqualTo(previous);
            }
            previous = size;
        }
        // bounded by the floor: never more tasks than FLOOR_SHARE per slot, plus the remainder
        assertThat(starts.length - 1).isLessThanOrEqualTo(SparkBackend.FLOOR_SHARE * slots + 1);
    }

    @Test
    void theDefaultMatrixOnTwoSlotsStartsWithAQuarterAndEndsWithTheFloor() {
        // 144 simulations on local[2]: 36, 27, 21, 15, 12, 9, 6, 5, 4, then the floor of 3
        assertThat(SparkBackend.batchStarts(144, 2)).containsExactly(0, 36, 63, 84, 99, 111, 120, 126, 131, 135, 138, 141, 144);
    }

    @Test
    void aJobSmallerThanTheSlotsGetsATaskPerSimulation() {
        assertThat(SparkBackend.batchStarts(3, 8)).containsExactly(0, 1, 2, 3);
    }
}
