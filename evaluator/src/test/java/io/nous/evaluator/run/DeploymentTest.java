package io.nous.evaluator.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nous.sim.Scenario;
import io.nous.sim.workload.WorkloadCatalog;
import org.junit.jupiter.api.Test;

/** The four deployments as the scenario's switches, and identities' one printed form. */
class DeploymentTest {
    @Test
    void eachDeploymentSetsTheScenarioSwitchesItNamesAndReadsBackFromThem() {
        Scenario s = Scenario.builder(WorkloadCatalog.builtin().workload("chatbot")).qps(1).durationSeconds(10).build();
        for (Deployment d : Deployment.values()) {
            Scenario deployed = d.apply(s);
            assertThat(Deployment.of(deployed)).isEqualTo(d);
        }
        assertThat(Deployment.FLOW_CONTROL.apply(s)).isSameAs(s);
        assertThatThrownBy(() -> Deployment.of(true, true, false)).hasMessageContaining("flow control off");
        assertThatThrownBy(() -> Deployment.of(false, false, true)).hasMessageContaining("flow control on");
        // eviction keeps the scenario's other eviction settings and turns it on
        assertThat(Deployment.FLOW_CONTROL_EVICTION.apply(s).flowControlConfig().eviction())
                .isEqualTo(io.nous.sim.epp.EvictionConfig.on());
    }

    @Test
    void anIdentityPrintsItsPartsInOrderWithTheDeploymentWhereItWasAdded() {
        PolicyIdentity direct = PolicyIdentity.builtin("static-usage-limit").in(Deployment.DIRECT).plus(PolicyIdentity.source("ab12"));
        assertThat(direct).hasToString("builtin:static-usage-limit+direct+sha256:ab12");
        assertThat(PolicyIdentity.builtin("static-usage-limit").in(Deployment.FLOW_CONTROL)).hasToString("builtin:static-usage-limit");
        assertThat(PolicyIdentity.builtin("x").in(Deployment.LEGACY_SHEDDING)).isEqualTo(PolicyIdentity.builtin("x").in(Deployment.LEGACY_SHEDDING));
        assertThatThrownBy(() -> PolicyIdentity.named(" ")).hasMessageContaining("blank");
    }
}
