package io.nous.cli;

import io.nous.codegen.Candidate;
import io.nous.codegen.CandidateKind;
import io.nous.codegen.CheckResult;
import io.nous.policy.PolicyRegistry;
import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import io.nous.sim.spi.AdmissionPolicy;
import io.nous.sim.spi.UsageLimitPolicy;
import java.nio.file.Path;

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
        UsageLimitPolicy policy;
        String policyName;
        if (CandidateFiles.isSourceReference(policyRef)) {
            Candidate c = compiled(policyRef, CandidateKind.USAGE_LIMIT);
            policy = c.newUsageLimitPolicy();
            policyName = c.name() + " (" + Path.of(policyRef).getFileName() + ")";
        } else {
            policy = registry.usageLimit(policyRef);
            policyName = registry.template(policyRef).name() + paramsOf(policyRef);
        }
        AdmissionPolicy admitter = null;
        String admissionName = admissionRef;
        switch (admissionRef) {
            case "none" -> { }
            case "legacy" -> s = s.toBuilder().flowControl(false).legacyShedding(true).build();
            default -> {
                if (CandidateFiles.isSourceReference(admissionRef)) {
                    Candidate c = compiled(admissionRef, CandidateKind.ADMISSION);
                    admitter = c.newAdmissionPolicy();
                    admissionName = c.name() + " (" + Path.of(admissionRef).getFileName() + ")";
                } else {
                    admitter = registry.admission(admissionRef);
                    admissionName = registry.template(admissionRef).name() + paramsOf(admissionRef);
                }
            }
        }
        return new ClusterSimulation(s, policy, policyName, admitter, admissionName);
    }

    /** Checks a candidate source file; a rejected or mismatched candidate is bad input. */
    private static Candidate compiled(String file, CandidateKind expected) {
        CheckResult r = CandidateFiles.check(Path.of(file));
        if (!r.accepted()) {
            throw new UserError(file + " is rejected:" + System.lineSeparator() + String.join(System.lineSeparator(), r.problems()));
        }
        if (r.kind() != expected) {
            throw new UserError(file + " implements " + r.kind().spi().getSimpleName() + ", but "
                    + expected.spi().getSimpleName() + " is needed here");
        }
        return r.candidate();
    }

    private static String paramsOf(String ref) {
        int colon = ref.indexOf(':');
        return colon < 0 ? "" : ref.substring(colon);
    }
}
