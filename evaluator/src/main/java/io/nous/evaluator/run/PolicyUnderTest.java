package io.nous.evaluator.run;

import io.nous.codegen.Contract;
import io.nous.policy.PolicyRegistry;
import io.nous.sim.Scenario;
import io.nous.sim.routing.RoutingConfig;
import io.nous.sim.spi.AdmissionPolicy;
import io.nous.sim.spi.RoutingScorer;
import io.nous.sim.spi.UsageLimitPolicy;
import java.util.function.Supplier;

/**
 * A policy configuration to evaluate: a usage-limit policy, optionally an admission policy, the
 * deployment around them, and optionally the router config it runs behind with a routing scorer in
 * its profile, with a name for people and an identity for caching (the same identity must mean the
 * same behaviour).
 *
 * @param usageLimit     a fresh instance per call (policies may keep a dispatch counter)
 * @param admission      a fresh admission policy per call, or null
 * @param deployment     flow control on, the legacy shedding path, or direct (the admitter alone sheds)
 * @param sources        the untrusted sources behind the suppliers, or null for trusted built-in
 *                       policies: a runner with a worker pool simulates such a policy in a worker
 *                       JVM and never calls the suppliers
 * @param builtins       the registry references behind the suppliers when both halves are built-in
 *                       policies, or null: what lets another machine build the same policy
 * @param routing        the router config the scenario is routed by, or null for the scenario's own;
 *                       it decides flow control by its gate, as the router does
 * @param scorer         a fresh routing scorer per call that replaces the config's scorers, or null
 */
public record PolicyUnderTest(String name, PolicyIdentity identity, Supplier<UsageLimitPolicy> usageLimit,
                              Supplier<AdmissionPolicy> admission, Deployment deployment, Sources sources, Builtins builtins,
                              RoutingConfig routing, Supplier<RoutingScorer> scorer) {

    public PolicyUnderTest(String name, PolicyIdentity identity, Supplier<UsageLimitPolicy> usageLimit, Supplier<AdmissionPolicy> admission,
                           Deployment deployment, Sources sources, Builtins builtins) {
        this(name, identity, usageLimit, admission, deployment, sources, builtins, null, null);
    }

    /** Candidate source code, to be compiled and run where it cannot harm this JVM; a routing scorer's too, or nulls. */
    public record Sources(String usageLimitSource, String usageLimitOrigin, String admissionSource, String admissionOrigin,
                          Contract contract, String routingSource, String routingOrigin) {

        public Sources(String usageLimitSource, String usageLimitOrigin, String admissionSource, String admissionOrigin,
                       Contract contract) {
            this(usageLimitSource, usageLimitOrigin, admissionSource, admissionOrigin, contract, null, null);
        }

        /** Sources under the router's contract. */
        public Sources(String usageLimitSource, String usageLimitOrigin, String admissionSource, String admissionOrigin) {
            this(usageLimitSource, usageLimitOrigin, admissionSource, admissionOrigin, Contract.ROUTER);
        }
    }

    /**
     * Built-in policies by their registry references ({@code static-usage-limit},
     * {@code probabilistic-admitter:power=3,k=20}); {@code admission} null for none.
     */
    public record Builtins(String usageLimit, String admission, String routing) {
        public Builtins(String usageLimit, String admission) {
            this(usageLimit, admission, null);
        }

        /** The usage-limit policy these references name, fresh. */
        public UsageLimitPolicy newUsageLimit() {
            return PolicyRegistry.builtin().usageLimit(usageLimit);
        }

        /** The admission policy, fresh, or null. */
        public AdmissionPolicy newAdmission() {
            return admission == null ? null : PolicyRegistry.builtin().admission(admission);
        }

        /** The routing scorer, fresh, or null. */
        public RoutingScorer newRouting() {
            return routing == null ? null : PolicyRegistry.builtin().routing(routing);
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
        return builtin(name, identity, new Builtins(usageRef, admissionRef), deployment);
    }

    /**
     * Built-in policies by their references (validated now), a routing scorer among them when
     * {@code b} names one; the scenario it runs in carries the router config.
     */
    public static PolicyUnderTest builtin(String name, PolicyIdentity identity, Builtins b, Deployment deployment) {
        b.newUsageLimit();
        b.newAdmission();
        b.newRouting();
        return new PolicyUnderTest(name, identity, b::newUsageLimit, b.admission() == null ? null : b::newAdmission, deployment, null, b,
                null, b.routing() == null ? null : b::newRouting);
    }

    /** The same policy under another name (what reports call it). */
    public PolicyUnderTest named(String newName) {
        return new PolicyUnderTest(newName, identity, usageLimit, admission, deployment, sources, builtins, routing, scorer);
    }

    /** The same policy, marked as untrusted source to isolate. */
    public PolicyUnderTest withSources(Sources s) {
        return new PolicyUnderTest(name, identity, usageLimit, admission, deployment, s, builtins, routing, scorer);
    }

    /**
     * The same policies behind router config {@code config}, scored by {@code scorer} (null: the
     * config's own scorers); the identity names the config, and a scorer's own part comes with it.
     */
    public PolicyUnderTest routedBy(RoutingConfig config, Supplier<RoutingScorer> scorer, PolicyIdentity scorerIdentity) {
        PolicyIdentity id = identity.plus(PolicyIdentity.named("routing:" + config.name()));
        return new PolicyUnderTest(name, scorerIdentity == null ? id : id.plus(scorerIdentity), usageLimit, admission, deployment, sources,
                builtins, config, scorer);
    }

    /** Whether the usage-limit policy is asked when deployed: a router config decides by its gate (a Service never), else the deployment. */
    public boolean flowControlOn() {
        return routing != null ? routing.flowControl() && !routing.service() : deployment.flowControl();
    }

    /** The scenario as this policy is deployed in it: routed by its config when it has one, which then decides flow control. */
    public Scenario deploy(Scenario s) {
        return routing != null ? routing.deploy(s) : deployment.apply(s);
    }
}
