package io.nous.cli;

import io.nous.policy.PolicyRegistry;
import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import io.nous.sim.spi.AdmissionPolicy;
import io.nous.sim.spi.UsageLimitPolicy;

/** Turns policy references from the command line into a ready-to-run simulation. */
final class Simulations {
    private Simulations() {
    }

    /**
     * @param policyRef    a usage-limit policy reference
     * @param admissionRef {@code none}, {@code legacy} (flow-control gate off, shed sheddable
     *                     requests at saturation >= 1), or an admission policy reference
     */
    static ClusterSimulation prepare(Scenario s, String policyRef, String admissionRef) {
        PolicyRegistry registry = PolicyRegistry.builtin();
        UsageLimitPolicy policy = registry.usageLimit(policyRef);
        String policyName = registry.template(policyRef).name() + paramsOf(policyRef);
        AdmissionPolicy admitter = null;
        String admissionName = admissionRef;
        switch (admissionRef) {
            case "none" -> { }
            case "legacy" -> s = s.toBuilder().flowControl(false).legacyShedding(true).build();
            default -> {
                admitter = registry.admission(admissionRef);
                admissionName = registry.template(admissionRef).name() + paramsOf(admissionRef);
            }
        }
        return new ClusterSimulation(s, policy, policyName, admitter, admissionName);
    }

    private static String paramsOf(String ref) {
        int colon = ref.indexOf(':');
        return colon < 0 ? "" : ref.substring(colon);
    }
}
