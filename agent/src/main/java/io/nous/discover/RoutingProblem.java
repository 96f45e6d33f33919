package io.nous.discover;

import io.nous.discover.evolve.SearchSpace;
import io.nous.discover.evolve.SearchSpaces;
import io.nous.evaluator.run.Deployment;
import io.nous.evaluator.run.PolicyIdentity;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.policy.PolicyRegistry;
import io.nous.sandbox.Sandbox;
import io.nous.sim.routing.RoutingConfig;
import io.nous.sim.spi.PlugPoint;
import java.util.List;

/**
 * Routing: a scorer rates every endpoint for every request from what the router's producers and
 * metrics give it (prefix match, in-flight load, scraped queue and KV), and is measured as the only
 * scorer of the {@code lab-scorer} profile, so its score alone picks the endpoint. It is compared
 * with the lab's default profile ({@code lab-defaults}: the prefix-cache affinity filter, then
 * token-load-scorer) on the lab's two workloads, where each shipped configuration won one and lost
 * the other.
 */
final class RoutingProblem implements Problem {
    /** The config a candidate is measured in. */
    static final String CANDIDATE_CONFIG = "lab-scorer";
    /** The config every candidate is compared with. */
    static final String BASELINE_CONFIG = "lab-defaults";
    /** The config the router's own best answer for one hot tenant runs in (the lab's decode profile). */
    static final String UPSTREAM_CONFIG = "lab-decode";

    @Override
    public String id() {
        return Problems.ROUTING;
    }

    @Override
    public List<PlugPoint<?>> kinds() {
        return List.of(PlugPoint.ROUTING);
    }

    @Override
    public String defaultMatrix() {
        return "routing";
    }

    @Override
    public String defaultObjective() {
        return "routing-ttft";
    }

    @Override
    public int defaultBudget() {
        return 150;
    }

    @Override
    public List<String> defaultSeeds() {
        return List.of("lab-affinity-token-load", "lab-affinity-active-request");
    }

    @Override
    public String seedProblem(String ref) {
        return Problems.builtinOfKind(ref, PlugPoint.ROUTING, "routing");
    }

    @Override
    public PolicyUnderTest baseline() {
        return configured(BASELINE_CONFIG);
    }

    /** A shipped router config as it runs, its own scorers scoring. */
    static PolicyUnderTest configured(String config) {
        return PolicyUnderTest.builtin(config, PolicyIdentity.builtin("static-usage-limit"), "static-usage-limit", null, Deployment.FLOW_CONTROL)
                .routedBy(RoutingConfig.byNameOrFile(config), null, null);
    }

    @Override
    public PolicyUnderTest candidate(Sandbox sandbox, String id, Compiled c) {
        return sandbox.routing(id, c.part(0), c.sources().get(0), id + ".java", RoutingConfig.byNameOrFile(CANDIDATE_CONFIG));
    }

    /** The router's active-request-scorer, which the lab's decode profile runs behind its affinity filter. */
    @Override
    public String upstream() {
        return "active-request";
    }

    @Override
    public PolicyUnderTest upstreamUnderTest() {
        return configured(UPSTREAM_CONFIG);
    }

    /**
     * The router's active-request scorer (the lab's decode profile), its token-load scorer (the lab's
     * defaults, also the baseline), and LMetric, the parameter-free scorer of the open router pull
     * request (score = new prefill tokens x batch size), scoring alone as candidates do.
     */
    @Override
    public List<UpstreamPolicy> upstreams() {
        return List.of(new UpstreamPolicy(upstream(), upstreamUnderTest(), upstreamSource()),
                new UpstreamPolicy("token-load", configured(BASELINE_CONFIG), null),
                new UpstreamPolicy("lmetric", scored("lmetric"), PolicyRegistry.builtin().source("lmetric")));
    }

    /** A built-in routing scorer as candidates run: the only scorer of the lab-scorer profile. */
    static PolicyUnderTest scored(String scorer) {
        // the scorer by its registry reference too, so that another machine (a Spark executor) builds the same one
        return PolicyUnderTest.builtin(scorer, PolicyIdentity.builtin("static-usage-limit"),
                        new PolicyUnderTest.Builtins("static-usage-limit", null, scorer), Deployment.FLOW_CONTROL)
                .routedBy(RoutingConfig.byNameOrFile(CANDIDATE_CONFIG), () -> PolicyRegistry.builtin().routing(scorer),
                        PolicyIdentity.builtin(scorer));
    }

    @Override
    public String baselineName() {
        return BASELINE_CONFIG;
    }

    @Override
    public String baselinePolicy() {
        return "lab-affinity-token-load";
    }

    @Override
    public String noun() {
        return "a routing scorer";
    }

    @Override
    public String baselineDescription() {
        return "the lab's default profile (prefix-cache affinity filter, then token-load-scorer)";
    }

    @Override
    public List<String> deploymentRisks() {
        return List.of("It was measured as the only scorer of its profile, with no filter before it (the lab-scorer config);"
                        + " behind the prefix-cache affinity filter, or beside other weighted scorers, the filter or their scores decide first.",
                "Its prefix signal is the approximate prefix producer's index, which remembers what was routed where, not what each pod"
                        + " still holds; with many tenants per pod it overstates hits.");
    }

    @Override
    public String evaluateFlags(String file) {
        return "--policy static-usage-limit --epp-config " + CANDIDATE_CONFIG + " --scorer " + file + " --baseline-epp-config "
                + BASELINE_CONFIG;
    }

    @Override
    public boolean distilsPrinciples() {
        return false;
    }

    @Override
    public String promptContract() {
        return "routing-contract.md";
    }

    @Override
    public String promptObjective() {
        return "routing-objective.md";
    }

    @Override
    public SearchSpace search() {
        return SearchSpaces.ROUTING;
    }

    @Override
    public List<String> entryMethods() {
        return List.of("score");
    }
}
