package io.nous.codegen.plug;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.codegen.guard.CandidateFault;
import io.nous.policy.PolicyRegistry;
import io.nous.sim.spi.OrderingPolicy;
import io.nous.sim.spi.PlugPoint;
import org.junit.jupiter.api.Test;

/**
 * What the ordering plug point asks a policy before it meets the simulator: the first run refuses a
 * "less" that is true of a request against itself, the axes tell the router's orderings and a
 * shortest-first one apart, and the fingerprint tells two deadline orderings a few seconds apart
 * apart while giving one policy's instances one digest.
 */
class QueuePairsTest {
    private static OrderingPolicy builtin(String ref) {
        return PolicyRegistry.builtin().create(PlugPoint.ORDERING, ref);
    }

    @Test
    void aReflexiveLessIsRefusedOnItsFirstRun() {
        CandidateFault f = QueuePairs.exercise((ea, ta, sa, ba, eb, tb, sb, bb) -> ea <= eb);
        assertThat(f).isNotNull();
        assertThat(f.getMessage()).contains("dispatches before itself").contains("use <, not <=");
        assertThat(QueuePairs.exercise(builtin("slo-deadline"))).isNull();
    }

    @Test
    void theAxesSayHowOftenTheSmallerAndTheEarlierDeadlineGoFirst() {
        double[] fcfs = QueuePairs.axes(builtin("fcfs"));
        double[] slo = QueuePairs.axes(builtin("slo-deadline"));
        double[] smallest = QueuePairs.axes((ea, ta, sa, ba, eb, tb, sb, bb) -> ba < bb || ba == bb && ea < eb);
        assertThat(slo[1]).isEqualTo(1.0);
        assertThat(fcfs[1]).isLessThan(1.0);
        assertThat(smallest[0]).isEqualTo(1.0);
        assertThat(fcfs[0]).isBetween(0.3, 0.7);
    }

    @Test
    void theFingerprintPartsDeadlinesAFewSecondsApartAndKeepsOnePolicyOne() {
        String a = QueuePairs.fingerprint(() -> builtin("weighted-deadline:noHeaderMs=4000"));
        String b = QueuePairs.fingerprint(() -> builtin("weighted-deadline:noHeaderMs=6000"));
        assertThat(a).isNotEqualTo(b);
        assertThat(QueuePairs.fingerprint(() -> builtin("weighted-deadline:noHeaderMs=4000"))).isEqualTo(a);
        // the drawn pairs carry different TTLs, which edf reads and fcfs does not
        assertThat(QueuePairs.fingerprint(() -> builtin("fcfs"))).isNotEqualTo(QueuePairs.fingerprint(() -> builtin("edf")));
    }
}
