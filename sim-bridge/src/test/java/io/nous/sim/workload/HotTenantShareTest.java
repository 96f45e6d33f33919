package io.nous.sim.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.nous.sim.engine.RandomStreams;
import io.nous.sim.request.Request;
import io.nous.sim.request.RequestSource;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import org.junit.jupiter.api.Test;

/**
 * A preset's hot tenant sends its share of the requests, closed loop or open; the others split the
 * rest evenly.
 */
class HotTenantShareTest {
    /** How many of {@code n} requests each tenant sends, the users' follow-ups sent as each request ends. */
    private static int[] byTenant(Workload w, int tenants, int n) {
        RequestSource src = new RequestSource(w, 1, new RandomStreams(7), 600_000_000L, 16_384);
        Deque<Request> open = new ArrayDeque<>();
        for (Request r; (r = src.next()) != null; ) {
            open.add(r);
        }
        int[] counts = new int[tenants];
        int seen = 0;
        long now = 0;
        while (!open.isEmpty() && seen < n) {
            Request done = open.poll();
            counts[done.tenant]++;
            seen++;
            src.followUps(done, true, now += 1000, open::add);
        }
        return counts;
    }

    /** Sixteen tenants sent by 24 users without a request limit, with {@code closedLoop} as the preset's. */
    private static Workload sixteen(String closedLoop) {
        String yaml = """
                workloads:
                  w:
                    tenants_per_class: 16
                    prefix: {system_prompt_tokens: 100}
                    closed_loop: %s
                    classes: [{name: lab, priority: 0, share: 1.0}]
                    input: {kind: constant, mean: 30, cv: 0, min: 1, max: 100}
                    output: {kind: constant, mean: 30, cv: 0, min: 1, max: 100}
                """.formatted(closedLoop);
        return WorkloadCatalog.parse(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)), "w.yaml").workload("w");
    }

    @Test
    void theShippedSkewedShapesSayTheirShare() {
        assertThat(WorkloadCatalog.builtin().workload("lab-hot-80").clients().get(0).hotTenantShare()).isEqualTo(0.8);
        assertThat(WorkloadCatalog.builtin().workload("lab-hot-95").clients().get(0).hotTenantShare()).isEqualTo(0.95);
        assertThat(WorkloadCatalog.builtin().workload("lab-16-tenants").clients().get(0).hotTenantShare()).isZero();
    }

    @Test
    void theHotTenantSendsItsShareAndTheOthersSplitTheRest() {
        int[] c = byTenant(sixteen("{users: 24, hot_tenant_share: 0.8}"), 16, 20_000);
        int total = java.util.Arrays.stream(c).sum();
        assertThat(c[0] / (double) total).isCloseTo(0.80, within(0.01));
        for (int t = 1; t < 16; t++) {
            assertThat(c[t] / (double) total).as("tenant " + t).isCloseTo(0.20 / 15, within(0.004));
        }
    }

    @Test
    void anOpenLoopPresetsHotTenantIsHotInEveryClassAtTheClassesShares() {
        Workload w = WorkloadCatalog.builtin().workload("noisy-neighbour");
        RequestSource src = new RequestSource(w, 13, new RandomStreams(5), 600_000_000L, 40_960);
        int[][] counts = new int[2][8];
        int n = 0;
        for (Request r; (r = src.next()) != null; n++) {
            counts[r.classIndex][r.tenant]++;
        }
        assertThat(n).isCloseTo(13 * 600, within(300));
        int critical = java.util.Arrays.stream(counts[0]).sum();
        assertThat(critical / (double) n).isCloseTo(0.3, within(0.02));
        for (int[] c : counts) {
            int total = java.util.Arrays.stream(c).sum();
            assertThat(c[0] / (double) total).isCloseTo(0.5, within(0.03));
            for (int t = 1; t < 8; t++) {
                assertThat(c[t] / (double) total).as("tenant " + t).isCloseTo(0.5 / 7, within(0.02));
            }
        }
        String yaml = """
                workloads:
                  w:
                    tenants_per_class: 1
                    hot_tenant_share: 0.5
                    classes: [{name: c, priority: 0, share: 1.0}]
                    input: {kind: constant, mean: 30, cv: 0, min: 1, max: 100}
                    output: {kind: constant, mean: 30, cv: 0, min: 1, max: 100}
                """;
        assertThatThrownBy(() -> WorkloadCatalog.parse(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)), "w.yaml"))
                .hasMessageContaining("w.yaml: workload 'w': hot_tenant_share must be in (0, 1) with tenants_per_class >= 2");
    }

    @Test
    void withoutAShareEveryTenantIsAlike() {
        int[] c = byTenant(sixteen("{users: 24}"), 16, 16_000);
        for (int t = 0; t < 16; t++) {
            assertThat(c[t] / 16_000.0).as("tenant " + t).isCloseTo(1 / 16.0, within(0.01));
        }
    }

    @Test
    void aShareOutsideZeroToOneOrWithOneTenantIsRefusedByName() {
        String yaml = """
                workloads:
                  w:
                    tenants_per_class: 1
                    prefix: {system_prompt_tokens: 100}
                    closed_loop: {users: 2, hot_tenant_share: 0.5}
                    classes: [{name: lab, priority: 0, share: 1.0}]
                    input: {kind: constant, mean: 30, cv: 0, min: 1, max: 100}
                    output: {kind: constant, mean: 30, cv: 0, min: 1, max: 100}
                """;
        assertThatThrownBy(() -> WorkloadCatalog.parse(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)), "w.yaml"))
                .hasMessageContaining("hot_tenant_share must be in [0, 1) and needs at least 2 tenants");
        String tooMuch = yaml.replace("tenants_per_class: 1", "tenants_per_class: 4").replace("0.5}", "1.0}");
        assertThatThrownBy(() -> WorkloadCatalog.parse(new ByteArrayInputStream(tooMuch.getBytes(StandardCharsets.UTF_8)), "w.yaml"))
                .hasMessageContaining("hot_tenant_share must be in [0, 1)");
    }
}
