package io.nous.discover;

import io.nous.discover.evolve.SearchSpace;
import io.nous.discover.evolve.SearchSpaces;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.policy.PolicyRegistry;
import io.nous.sandbox.Sandbox;
import io.nous.sim.spi.PlugPoint;
import java.util.List;

/**
 * Fairness between tenants: which flow of a priority band dispatches next, as the router's
 * {@code FairnessPolicy.Pick} decides it, with a state per band. Searched in the router's default
 * deployment (static-usage-limit with the utilization detector, fcfs inside each flow) against its
 * default fairness, global-strict; round-robin is the other one it ships, and a winner must meet both
 * on the test split. Scored by how the tenants fare against each other: the worst tenant's TTFT p99
 * by default, the spread between tenants as a second objective.
 */
final class FairnessProblem implements Problem {
    /** The usage-limit policy both arms run: the router's default. */
    static final String USAGE_LIMIT = "static-usage-limit";

    @Override
    public String id() {
        return Problems.FAIRNESS;
    }

    @Override
    public List<PlugPoint<?>> kinds() {
        return List.of(PlugPoint.FAIRNESS);
    }

    @Override
    public String defaultMatrix() {
        return "fairness";
    }

    @Override
    public String defaultObjective() {
        return "tenant-ttft-worst";
    }

    @Override
    public List<String> defaultSeeds() {
        return List.of("round-robin", "weighted-fair");
    }

    @Override
    public String seedProblem(String ref) {
        return Problems.builtinOfKind(ref, PlugPoint.FAIRNESS, "fairness");
    }

    /** The router's default fairness, global-strict, at the plug point under static-usage-limit. */
    @Override
    public PolicyUnderTest baseline() {
        return fair("global-strict");
    }

    @Override
    public PolicyUnderTest candidate(Sandbox sandbox, String id, Compiled c) {
        return sandbox.deploy(id, Problems.builtinUsageLimit(USAGE_LIMIT), PlugPoint.FAIRNESS, c.part(0), c.sources().get(0), id + ".java");
    }

    @Override
    public String upstream() {
        return "global-strict";
    }

    @Override
    public PolicyUnderTest upstreamUnderTest() {
        return baseline();
    }

    /** The router's two fairness policies, each under static-usage-limit as candidates run. */
    @Override
    public List<UpstreamPolicy> upstreams() {
        return List.of(new UpstreamPolicy("global-strict", fair("global-strict"), PolicyRegistry.builtin().source("global-strict")),
                new UpstreamPolicy("round-robin", fair("round-robin"), PolicyRegistry.builtin().source("round-robin")));
    }

    private static PolicyUnderTest fair(String fairness) {
        return Problems.builtinAt(USAGE_LIMIT, PlugPoint.FAIRNESS, fairness);
    }

    @Override
    public String baselineName() {
        return "global-strict";
    }

    @Override
    public String baselinePolicy() {
        return "global-strict";
    }

    @Override
    public String noun() {
        return "a fairness policy";
    }

    @Override
    public String baselineDescription() {
        return "the router's default fairness, global-strict (static-usage-limit, the utilization detector and fcfs in both arms)";
    }

    @Override
    public List<String> deploymentRisks() {
        return List.of("It decides which tenant a saturated band serves next: a tenant it keeps passing over waits until its TTL "
                + "(60 s by default) and is evicted, so watch the evictions per flow as well as the latency.",
                "Its per-band state lives in the router's band: it starts empty at every restart of the EPP.");
    }

    /** {@code nous evaluate} runs the usage-limit and admission plug points only; a review reproduces a fairness policy with replay. */
    @Override
    public String evaluateFlags(String file) {
        return null;
    }

    @Override
    public boolean distilsPrinciples() {
        return false;
    }

    @Override
    public String promptContract() {
        return "fairness-contract.md";
    }

    @Override
    public String promptObjective() {
        return "fairness-objective.md";
    }

    @Override
    public SearchSpace search() {
        return SearchSpaces.FAIRNESS;
    }
}
