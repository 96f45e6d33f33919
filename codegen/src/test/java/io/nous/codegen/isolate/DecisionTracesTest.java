package io.nous.codegen.isolate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nous.policy.PolicyRegistry;
import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import io.nous.sim.epp.DecisionTrace;
import io.nous.sim.workload.WorkloadCatalog;
import org.junit.jupiter.api.Test;

class DecisionTracesTest {
    private static DecisionTrace trace(long seed) {
        Scenario s = Scenario.builder(WorkloadCatalog.builtin().workload("code-generation")).qps(4).durationSeconds(60).seed(seed).build();
        ClusterSimulation sim = new ClusterSimulation(s, PolicyRegistry.builtin().usageLimit("static-usage-limit"), "static", null, null)
                .recordDecisions(1 << 16);
        sim.run();
        return sim.decisionTrace();
    }

    @Test
    void tracesAreKeptByKeyTheLeastRecentlyUsedLeavingFirstBeyondTheBound() {
        DecisionTrace a = trace(1);
        DecisionTrace b = trace(2);
        DecisionTrace c = trace(3);
        assertThat(a.key()).isNotEqualTo(b.key()).isNotEqualTo(c.key());
        long two = Math.max(a.byteSize() + b.byteSize(), Math.max(a.byteSize() + c.byteSize(), b.byteSize() + c.byteSize()));
        DecisionTraces kept = new DecisionTraces(two);
        assertThat(kept.get(a.key(), null)).as("never sent").isNull();
        assertThat(kept.get(a.key(), a.toBytes()).toBytes()).isEqualTo(a.toBytes());
        kept.get(b.key(), b.toBytes());
        assertThat(kept.get(a.key(), null)).as("a used after b").isNotNull();
        kept.get(c.key(), c.toBytes());
        assertThat(kept.size()).isEqualTo(2);
        assertThat(kept.get(b.key(), null)).as("b was the least recently used").isNull();
        assertThat(kept.get(a.key(), null)).isNotNull();
        assertThat(kept.get(c.key(), null)).isNotNull();
    }

    @Test
    void bytesThatAreNotTheNamedTraceAreRefusedAndNothingIsKept() {
        DecisionTrace a = trace(1);
        DecisionTrace b = trace(2);
        DecisionTraces kept = new DecisionTraces(1 << 20);
        assertThatThrownBy(() -> kept.get(a.key(), b.toBytes())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not trace " + a.key());
        assertThat(kept.size()).isZero();
        DecisionTraces tiny = new DecisionTraces(1);
        assertThat(tiny.get(a.key(), a.toBytes())).as("one larger than the bound is still used").isNotNull();
        assertThat(tiny.size()).isEqualTo(1);
    }
}
