package io.nous.evaluator.objective;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.evaluator.run.RunData;
import io.nous.sim.metrics.RequestSamples;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.random.Well19937c;
import org.junit.jupiter.api.Test;

/**
 * Each tenant's TTFT p99 from all its requests, whatever their class: the worst tenant's and the
 * spread between the worst and the best; a tenant with too few requests does not count.
 */
class TenantTtftObjectiveTest {

    /** 100 requests each of tenants 0 (TTFT i ms) and 1 (TTFT 10 i ms) split over two classes, and tenant 2 with 5 huge ones. */
    private static RunData run() {
        int n = 205;
        float[] ttft = new float[n];
        int[] tenants = new int[n];
        for (int i = 0; i < 100; i++) {
            ttft[i] = i + 1;
            tenants[i] = 0;
            ttft[100 + i] = 10 * (i + 1);
            tenants[100 + i] = 1;
        }
        for (int i = 200; i < n; i++) {
            ttft[i] = 1e6f;
            tenants[i] = 2;
        }
        Map<String, RequestSamples> samples = new LinkedHashMap<>();
        samples.put("critical", RequestSamples.of(java.util.Arrays.copyOf(ttft, 150), new float[150], new float[150],
                java.util.Arrays.copyOf(tenants, 150)));
        samples.put("sheddable", RequestSamples.of(java.util.Arrays.copyOfRange(ttft, 150, n), new float[n - 150], new float[n - 150],
                java.util.Arrays.copyOfRange(tenants, 150, n)));
        return new RunData(null, samples);
    }

    @Test
    void theWorstTenantAndTheSpreadComeFromEachTenantsOwnP99() {
        TenantTtftObjective.PerTenant worst = new TenantTtftObjective.PerTenant(List.of(run()), false);
        TenantTtftObjective.PerTenant spread = new TenantTtftObjective.PerTenant(List.of(run()), true);
        // tenant 1's p99 is its 99th of 100 (990 ms); tenant 0's 99 ms; tenant 2's five requests do not count
        assertThat(worst.value(0)).isEqualTo(990);
        assertThat(spread.value(0)).isEqualTo(990 - 99);
        double r = worst.replicate(0, new Well19937c(1));
        assertThat(r).isBetween(900.0, 1000.0);
        assertThat(Objectives.byName("tenant-ttft-worst").lowerIsBetter()).isTrue();
        assertThat(Objectives.byName("tenant-ttft-spread").description()).contains("worst minus best");
    }

    @Test
    void aRunWithNoTenantOfEnoughRequestsHasNoValue() {
        Map<String, RequestSamples> few = Map.of("critical", RequestSamples.of(new float[] {1, 2}, new float[2], new float[2], new int[] {0, 1}));
        assertThat(new TenantTtftObjective.PerTenant(List.of(new RunData(null, few)), false).value(0)).isNaN();
    }
}
