package io.nous.evaluator.run;

import io.nous.codegen.Contract;
import io.nous.policy.PolicyRegistry;
import io.nous.sim.Scenario;
import io.nous.sim.spi.AdmissionPolicy;
import io.nous.sim.spi.UsageLimitPolicy;
import java.util.function.Supplier;

/**
 * A policy configuration to evaluate: a usage-limit policy, optionally an admission policy, and the
 * deployment around them, with a name for people and an identity for caching (the same identity
 * must mean the same behaviour).
 *
 * @param usageLimit     a fresh instance per call (policies may keep a dispatch counter)
 * @param admission      a fresh admission policy per call, or null
 * @param deployment     flow control on, the legacy shedding path, or direct (the admitter alone sheds)
 * @param sources        the untrusted sources behind the suppliers, or null for trusted built-in
 *                       policies: a runner with a worker pool simulates such a policy in a worker
 *                       JVM and never calls the suppliers
 * @param builtins       the registry references behind the suppliers when both halves are built-in
 *                       policies, or null: what lets another machine build the same policy
 */
public record PolicyUnderTest(String name, PolicyIdentity identity, Supplier<UsageLimitPolicy> usageLimit,
                              Supplier<AdmissionPolicy> admission, Deployment deployment, Sources sources, Builtins builtins) {

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

    public PolicyUnderTest(String name, PolicyIdentity identity, Supplier<UsageLimitPolicy> usageLimit, Supplier<AdmissionPolicy> admission,
                           Deployment deployment) {
        this(name, identity, usageLimit, admission, deployment, null, null);
    }

    /** A usage-limit policy alone, flow control on. */
    public static PolicyUnderTest of(String name, PolicyIdentity identity, Supplier<UsageLimitPolicy> usageLimit) {
        return new PolicyUnderTest(name, identity, usageLimit, null, Deployment.FLOW_CONTROL);
    }

    /** Built-in policies from the registry, by reference (validated now); {@code admissionRef} null for none. */
    public static PolicyUnderTest builtin(String name, PolicyIdentity identity, String usageRef, String admissionRef, Deployment deployment) {
        Builtins b = new Builtins(usageRef, admissionRef);
        b.newUsageLimit();
        b.newAdmission();
        return new PolicyUnderTest(name, identity, b::newUsageLimit, admissionRef == null ? null : b::newAdmission, deployment, null, b);
    }

    /** The same policy, marked as untrusted source to isolate. */
    public PolicyUnderTest withSources(Sources s) {
        return new PolicyUnderTest(name, identity, usageLimit, admission, deployment, s, builtins);
    }

    /** The scenario as this policy is deployed in it. */
    public Scenario deploy(Scenario s) {
        return deployment.apply(s);
    }
}
