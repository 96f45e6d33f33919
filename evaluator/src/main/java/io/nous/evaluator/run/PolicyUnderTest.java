package io.nous.evaluator.run;

import io.nous.codegen.Contract;
import io.nous.codegen.isolate.WorkerProtocol;
import io.nous.codegen.plug.PlugPoints;
import io.nous.policy.PolicyRegistry;
import io.nous.sim.Scenario;
import io.nous.sim.routing.RoutingConfig;
import io.nous.sim.spi.AdmissionPolicy;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.RoutingScorer;
import io.nous.sim.spi.UsageLimitPolicy;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A policy configuration to evaluate: the policies at their plug points (a usage-limit policy, an
 * admission policy, a routing scorer, ...), the deployment around them, and optionally the router
 * config it runs behind, with a name for people and an identity for caching (the same identity must
 * mean the same behaviour).
 *
 * @param policies   a fresh instance per call at each plug point it fills (policies may keep a dispatch counter)
 * @param deployment flow control on, the legacy shedding path, or direct (the admitter alone sheds)
 * @param sources    the untrusted sources behind the suppliers, or null for trusted built-in
 *                   policies: a runner with a worker pool simulates such a policy in a worker
 *                   JVM and never calls the suppliers
 * @param builtins   the registry references behind the suppliers when every policy is built in,
 *                   or null: what lets another machine build the same policy
 * @param routing    the router config the scenario is routed by, or null for the scenario's own;
 *                   it decides flow control by its gate, as the router does
 */
public record PolicyUnderTest(String name, PolicyIdentity identity, PolicySuppliers policies, Deployment deployment, Sources sources,
                              Builtins builtins, RoutingConfig routing) {

    public PolicyUnderTest {
        Objects.requireNonNull(policies, "policies");
    }

    /** A usage-limit policy, an admitter and a routing scorer (each supplier may be null). */
    public PolicyUnderTest(String name, PolicyIdentity identity, Supplier<UsageLimitPolicy> usageLimit,
                           Supplier<AdmissionPolicy> admission, Deployment deployment, Sources sources, Builtins builtins,
                           RoutingConfig routing, Supplier<RoutingScorer> scorer) {
        this(name, identity, PolicySuppliers.none().with(PlugPoint.USAGE_LIMIT, usageLimit).with(PlugPoint.ADMISSION, admission)
                .with(PlugPoint.ROUTING, scorer), deployment, sources, builtins, routing);
    }

    public PolicyUnderTest(String name, PolicyIdentity identity, Supplier<UsageLimitPolicy> usageLimit, Supplier<AdmissionPolicy> admission,
                           Deployment deployment, Sources sources, Builtins builtins) {
        this(name, identity, usageLimit, admission, deployment, sources, builtins, null, null);
    }

    /** The usage-limit policy's supplier, or null. */
    public Supplier<UsageLimitPolicy> usageLimit() {
        return policies.get(PlugPoint.USAGE_LIMIT);
    }

    /** The admitter's supplier, or null. */
    public Supplier<AdmissionPolicy> admission() {
        return policies.get(PlugPoint.ADMISSION);
    }

    /** The routing scorer's supplier (it replaces the config's scorers), or null. */
    public Supplier<RoutingScorer> scorer() {
        return policies.get(PlugPoint.ROUTING);
    }

    /**
     * Candidate sources by plug point id, in compile order, to be compiled and run where they cannot
     * harm this JVM, under {@code contract}.
     */
    public record Sources(Map<String, WorkerProtocol.Job.Source> byPoint, Contract contract) {
        public Sources {
            byPoint = Collections.unmodifiableMap(new LinkedHashMap<>(byPoint));
        }

        /** A usage-limit, an admission and a routing source (each may be null). */
        public Sources(String usageLimitSource, String usageLimitOrigin, String admissionSource, String admissionOrigin,
                       Contract contract, String routingSource, String routingOrigin) {
            this(new WorkerProtocol.Job(0, WorkerProtocol.Mode.SIMULATE, null, null, usageLimitSource, usageLimitOrigin, admissionSource,
                    admissionOrigin, false, contract, null, routingSource, routingOrigin).sources(), contract);
        }

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
     * Built-in policies by their registry references, by plug point id ({@code usage-limit:
     * static-usage-limit}, {@code admission: probabilistic-admitter:power=3,k=20}).
     */
    public record Builtins(Map<String, String> references) {
        public Builtins {
            references = Collections.unmodifiableMap(new LinkedHashMap<>(references));
        }

        public Builtins(String usageLimit, String admission, String routing) {
            this(refs(usageLimit, admission, routing));
        }

        public Builtins(String usageLimit, String admission) {
            this(usageLimit, admission, null);
        }

        private static Map<String, String> refs(String usageLimit, String admission, String routing) {
            Map<String, String> m = new LinkedHashMap<>();
            if (usageLimit != null) {
                m.put(PlugPoint.USAGE_LIMIT.id(), usageLimit);
            }
            if (admission != null) {
                m.put(PlugPoint.ADMISSION.id(), admission);
            }
            if (routing != null) {
                m.put(PlugPoint.ROUTING.id(), routing);
            }
            return m;
        }

        /** The usage-limit reference, or null. */
        public String usageLimit() {
            return references.get(PlugPoint.USAGE_LIMIT.id());
        }

        /** The admission reference, or null. */
        public String admission() {
            return references.get(PlugPoint.ADMISSION.id());
        }

        /** The routing scorer reference, or null. */
        public String routing() {
            return references.get(PlugPoint.ROUTING.id());
        }

        /** Suppliers of fresh policies these references name, validated now (a bad reference throws here). */
        public PolicySuppliers suppliers() {
            PolicySuppliers out = PolicySuppliers.none();
            for (Map.Entry<String, String> e : references.entrySet()) {
                PlugPoint<?> point = PlugPoints.byId(e.getKey());
                if (point == null) {
                    throw new IllegalArgumentException("no plug point '" + e.getKey() + "' for built-in policy '" + e.getValue() + "'");
                }
                out = supplied(out, point, e.getValue());
            }
            return out;
        }

        private static <S> PolicySuppliers supplied(PolicySuppliers into, PlugPoint<S> point, String reference) {
            PolicyRegistry.builtin().create(point, reference);
            return into.with(point, () -> PolicyRegistry.builtin().create(point, reference));
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
        return new PolicyUnderTest(name, identity, b.suppliers(), deployment, null, b, null);
    }

    /** The same policy under another name (what reports call it). */
    public PolicyUnderTest named(String newName) {
        return new PolicyUnderTest(newName, identity, policies, deployment, sources, builtins, routing);
    }

    /** The same policy, marked as untrusted source to isolate. */
    public PolicyUnderTest withSources(Sources s) {
        return new PolicyUnderTest(name, identity, policies, deployment, s, builtins, routing);
    }

    /**
     * The same policies behind router config {@code config}, scored by {@code scorer} (null: the
     * config's own scorers); the identity names the config, and a scorer's own part comes with it.
     */
    public PolicyUnderTest routedBy(RoutingConfig config, Supplier<RoutingScorer> scorer, PolicyIdentity scorerIdentity) {
        PolicyIdentity id = identity.plus(PolicyIdentity.named("routing:" + config.name()));
        return new PolicyUnderTest(name, scorerIdentity == null ? id : id.plus(scorerIdentity), policies.with(PlugPoint.ROUTING, scorer),
                deployment, sources, builtins, config);
    }

    /**
     * Whether a usage-limit policy is all this configuration brings (every other plug point runs the
     * deployment's own), in this JVM and in a worker alike: then another such configuration deployed the
     * same way differs from it only in the usage-limit policy's decisions.
     */
    public boolean usageLimitOnly() {
        return policies.points().equals(java.util.Set.of(PlugPoint.USAGE_LIMIT))
                && (sources == null || sources.byPoint().keySet().equals(java.util.Set.of(PlugPoint.USAGE_LIMIT.id())));
    }

    /** Whether {@code other} is deployed as this is (the same deployment, behind the same router config): its scenarios are this one's. */
    public boolean deployedAs(PolicyUnderTest other) {
        return deployment == other.deployment && Objects.equals(routing, other.routing);
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
