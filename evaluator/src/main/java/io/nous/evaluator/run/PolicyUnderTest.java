package io.nous.evaluator.run;

import io.nous.codegen.Contract;
import io.nous.policy.PolicyRegistry;
import io.nous.sim.Scenario;
import io.nous.sim.spi.AdmissionPolicy;
import io.nous.sim.spi.UsageLimitPolicy;
import java.util.function.Supplier;

/**
 * A policy configuration to evaluate: a usage-limit policy, optionally an admission policy or the
 * legacy admission path, with a name for people and an identity for caching (the same identity
 * must mean the same behaviour, e.g. a built-in reference or a canonical source hash).
 *
 * @param usageLimit     a fresh instance per call (policies may keep a dispatch counter)
 * @param admission      a fresh admission policy per call, or null
 * @param flowControl    the flow-control feature gate (off: requests go straight to a pod)
 * @param legacyShedding with flow control off, shed sheddable requests at saturation >= 1
 * @param sources        the untrusted sources behind the suppliers, or null for trusted built-in
 *                       policies: a runner with a worker pool simulates such a policy in a worker
 *                       JVM and never calls the suppliers
 * @param builtins       the registry references behind the suppliers when both halves are built-in
 *                       policies, or null: what lets another machine build the same policy
 */
public record PolicyUnderTest(String name, String identity, Supplier<UsageLimitPolicy> usageLimit,
                              Supplier<AdmissionPolicy> admission, boolean flowControl, boolean legacyShedding, Sources sources,
                              Builtins builtins) {

    /** Candidate source code, to be compiled and run where it cannot harm this JVM. */
    public record Sources(String usageLimitSource, String usageLimitOrigin, String admissionSource, String admissionOrigin,
                          Contract contract) {

        /** Sources under the router's contract. */
        public Sources(String usageLimitSource, String usageLimitOrigin, String admissionSource, String admissionOrigin) {
            this(usageLimitSource, usageLimitOrigin, admissionSource, admissionOrigin, Contract.ROUTER);
        }
    }

    /**
     * Built-in policies by their registry references ({@code static-usage-limit},
     * {@code probabilistic-admitter:power=3,k=20}); {@code admission} null for none.
     */
    public record Builtins(String usageLimit, String admission) {
        /** The usage-limit policy these references name, fresh. */
        public UsageLimitPolicy newUsageLimit() {
            return PolicyRegistry.builtin().usageLimit(usageLimit);
        }

        /** The admission policy, fresh, or null. */
        public AdmissionPolicy newAdmission() {
            return admission == null ? null : PolicyRegistry.builtin().admission(admission);
        }
    }

    public PolicyUnderTest(String name, String identity, Supplier<UsageLimitPolicy> usageLimit, Supplier<AdmissionPolicy> admission,
                           boolean flowControl, boolean legacyShedding, Sources sources) {
        this(name, identity, usageLimit, admission, flowControl, legacyShedding, sources, null);
    }

    public PolicyUnderTest(String name, String identity, Supplier<UsageLimitPolicy> usageLimit, Supplier<AdmissionPolicy> admission,
                           boolean flowControl, boolean legacyShedding) {
        this(name, identity, usageLimit, admission, flowControl, legacyShedding, null);
    }

    public static PolicyUnderTest of(String name, String identity, Supplier<UsageLimitPolicy> usageLimit) {
        return new PolicyUnderTest(name, identity, usageLimit, null, true, false, null);
    }

    /** Built-in policies from the registry, by reference (validated now); {@code admissionRef} null for none. */
    public static PolicyUnderTest builtin(String name, String identity, String usageRef, String admissionRef, boolean flowControl,
                                          boolean legacyShedding) {
        Builtins b = new Builtins(usageRef, admissionRef);
        b.newUsageLimit();
        b.newAdmission();
        return new PolicyUnderTest(name, identity, b::newUsageLimit, admissionRef == null ? null : b::newAdmission, flowControl,
                legacyShedding, null, b);
    }

    /** The same policy, marked as untrusted source to isolate. */
    public PolicyUnderTest withSources(Sources s) {
        return new PolicyUnderTest(name, identity, usageLimit, admission, flowControl, legacyShedding, s, builtins);
    }

    /** The scenario as this policy is deployed in it: the flow-control gate and the legacy path as the policy says. */
    public Scenario deploy(Scenario s) {
        return flowControl && !legacyShedding ? s : s.toBuilder().flowControl(flowControl).legacyShedding(legacyShedding).build();
    }
}
