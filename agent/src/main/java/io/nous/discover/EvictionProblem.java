package io.nous.discover;

import io.nous.discover.evolve.SearchSpace;
import io.nous.discover.evolve.SearchSpaces;
import io.nous.evaluator.run.Deployment;
import io.nous.evaluator.run.PolicyIdentity;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.sandbox.Sandbox;
import io.nous.sim.spi.PlugPoint;
import java.util.List;

/**
 * In-flight eviction's victim policy: which dispatched requests the router may revoke when critical
 * work waits at a saturated band, and which go first ({@code EvictionFilterPolicy.Accept} and
 * {@code EvictionOrderingPolicy.Less}). Searched in the router's default deployment with
 * {@code flowControl.enableEviction} on (static-usage-limit, the utilization detector, the derived
 * grace) against the pair the router wires, sheddable-only and priority-then-time; the built-in
 * constraints keep what it may trade away in check: every revoked request is a drop, so a policy that
 * evicts more than the baseline beyond noise fails no-added-drops.
 */
final class EvictionProblem implements Problem {
    /** The usage-limit policy both arms run: the router's default. */
    static final String USAGE_LIMIT = "static-usage-limit";

    @Override
    public String id() {
        return Problems.EVICTION;
    }

    @Override
    public List<PlugPoint<?>> kinds() {
        return List.of(PlugPoint.EVICTION);
    }

    @Override
    public String defaultMatrix() {
        return "eviction";
    }

    @Override
    public String defaultObjective() {
        return "critical-ttft";
    }

    @Override
    public List<String> defaultSeeds() {
        return List.of("priority-then-time", "weighted-eviction");
    }

    @Override
    public String seedProblem(String ref) {
        return Problems.builtinOfKind(ref, PlugPoint.EVICTION, "eviction");
    }

    /** The router's pair at the plug point, eviction on, under static-usage-limit. */
    @Override
    public PolicyUnderTest baseline() {
        return Problems.builtinAt(USAGE_LIMIT, PlugPoint.EVICTION, "priority-then-time", Deployment.FLOW_CONTROL_EVICTION);
    }

    @Override
    public PolicyUnderTest candidate(Sandbox sandbox, String id, Compiled c) {
        PolicyUnderTest around = PolicyUnderTest.builtin(USAGE_LIMIT, PolicyIdentity.builtin(USAGE_LIMIT).in(Deployment.FLOW_CONTROL_EVICTION),
                USAGE_LIMIT, null, Deployment.FLOW_CONTROL_EVICTION);
        return sandbox.deploy(id, around, PlugPoint.EVICTION, c.part(0), c.sources().get(0), id + ".java");
    }

    @Override
    public String upstream() {
        return "priority-then-time";
    }

    @Override
    public PolicyUnderTest upstreamUnderTest() {
        return baseline();
    }

    @Override
    public String baselineName() {
        return "priority-then-time";
    }

    @Override
    public String baselinePolicy() {
        return "priority-then-time";
    }

    @Override
    public String noun() {
        return "an eviction policy";
    }

    @Override
    public String baselineDescription() {
        return "the router's eviction pair, sheddable-only and priority-then-time (static-usage-limit, the utilization detector and "
                + "in-flight eviction on in both arms)";
    }

    @Override
    public List<String> deploymentRisks() {
        return List.of("It only matters with flowControl.enableEviction on, and the router wires its own filter and ordering in the "
                + "runner: running another needs that wiring changed.", "Every request it revokes is lost work and a 429 to a client "
                + "that may retry: watch the evictions, not only the critical latency.");
    }

    /** {@code nous evaluate} runs the usage-limit and admission plug points only; a review reproduces an eviction policy with replay. */
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
        return "eviction-contract.md";
    }

    @Override
    public String promptObjective() {
        return "eviction-objective.md";
    }

    @Override
    public SearchSpace search() {
        return SearchSpaces.EVICTION;
    }
}
