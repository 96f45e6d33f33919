package io.nous.codegen.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Accounting n repeated calls at once leaves a budget exactly where n single repeats leave it: the
 * same spending, the same count, the same allowance, bit for bit, and the same
 * first repeat refused, whether the sums are integral (the shortcut) or not (one by one).
 */
class BudgetRepeatsTest {
    @Test
    void manyRepeatsAtOnceAreManySingleRepeats() {
        SplittableRandom random = new SplittableRandom(11);
        double[] factors = {1, 1.5, 3.3, 20, 20, 20};
        for (int trial = 0; trial < 3000; trial++) {
            CostLimit limit = new CostLimit(factors[random.nextInt(factors.length)]);
            int bands = 1 + random.nextInt(6);
            double perCall = limit.unitsPerCall(bands);
            int work = (int) (perCall * random.nextDouble(0, trial % 2 == 0 ? 1.2 : 3));
            long n = 1 + random.nextLong(trial % 3 == 0 ? 200_000 : 2_000);
            Budget bulk = new Budget(100_000_000, 64, limit);
            Budget single = new Budget(100_000_000, 64, limit);
            int firstCalls = 1 + random.nextInt(20);
            for (int i = 0; i < firstCalls; i++) {
                call(bulk, work, bands);
                call(single, work, bands);
            }
            long done = bulk.repeatCalls(bands, n);
            boolean bulkRefused = false;
            if (done < n) {
                bulkRefused = throwsOn(() -> bulk.repeatCall(bands));
                assertThat(bulkRefused).as("trial %d: the repeat after those accounted fails", trial).isTrue();
            }
            long singles = 0;
            boolean singleRefused = false;
            while (singles < n) {
                if (throwsOn(() -> single.repeatCall(bands))) {
                    singleRefused = true;
                    break;
                }
                singles++;
            }
            assertThat(done).as("trial %d: repeats accounted", trial).isEqualTo(singles);
            assertThat(bulkRefused).isEqualTo(singleRefused);
            assertThat(bulk.spent()).as("trial %d: spent", trial).isEqualTo(single.spent());
            assertThat(bulk.calls()).as("trial %d: calls", trial).isEqualTo(single.calls());
            assertThat(Double.doubleToRawLongBits(bulk.allowance())).as("trial %d: allowance", trial)
                    .isEqualTo(Double.doubleToRawLongBits(single.allowance()));
            int heavy = (int) (perCall * 50);
            assertThat(callsUntilRefused(bulk, heavy, bands)).as("trial %d: heavy calls from here", trial)
                    .isEqualTo(callsUntilRefused(single, heavy, bands));
        }
    }

    private static void call(Budget b, int work, int bands) {
        b.reset();
        b.tick(work);
        try {
            b.endCall(bands);
        } catch (BudgetExceeded tooSlow) {
            // the same on both budgets; the test goes on from where it left them
        }
    }

    private static int callsUntilRefused(Budget b, int work, int bands) {
        for (int i = 0; i < 100_000; i++) {
            b.reset();
            b.tick(work);
            if (throwsOn(() -> b.endCall(bands))) {
                return i;
            }
        }
        return -1;
    }

    private static boolean throwsOn(Runnable r) {
        try {
            r.run();
            return false;
        } catch (BudgetExceeded e) {
            return true;
        }
    }
}
