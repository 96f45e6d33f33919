package io.nous.discover;

import io.nous.discover.evolve.SearchSpace;
import io.nous.discover.evolve.SearchSpaces;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.policy.PolicyRegistry;
import io.nous.sandbox.Sandbox;
import io.nous.sim.spi.PlugPoint;
import java.util.List;

/**
 * Queue ordering: which queued request of a priority band dispatches first, as the router's
 * {@code OrderingPolicy.Less} decides for each flow's heap and between the flows' heads. Searched in
 * the router's default deployment (static-usage-limit with the utilization detector, today's TTL and
 * band limits) against its default ordering, fcfs; edf and slo-deadline are the other orderings it
 * ships, and a winner must meet all three on the test split.
 */
final class OrderingProblem implements Problem {
    /** The usage-limit policy both arms run: the router's default. */
    static final String USAGE_LIMIT = "static-usage-limit";

    @Override
    public String id() {
        return Problems.ORDERING;
    }

    @Override
    public List<PlugPoint<?>> kinds() {
        return List.of(PlugPoint.ORDERING);
    }

    @Override
    public String defaultMatrix() {
        return "ordering";
    }

    @Override
    public String defaultObjective() {
        return "critical-ttft";
    }

    @Override
    public List<String> defaultSeeds() {
        return List.of("slo-deadline", "weighted-deadline");
    }

    @Override
    public String seedProblem(String ref) {
        return Problems.builtinOfKind(ref, PlugPoint.ORDERING, "ordering");
    }

    /** The router's default ordering, fcfs, at the plug point under static-usage-limit. */
    @Override
    public PolicyUnderTest baseline() {
        return ordered("fcfs");
    }

    @Override
    public PolicyUnderTest candidate(Sandbox sandbox, String id, Compiled c) {
        return sandbox.deploy(id, Problems.builtinUsageLimit(USAGE_LIMIT), PlugPoint.ORDERING, c.part(0), c.sources().get(0), id + ".java");
    }

    @Override
    public String upstream() {
        return "fcfs";
    }

    @Override
    public PolicyUnderTest upstreamUnderTest() {
        return baseline();
    }

    /** The router's three orderings, each under static-usage-limit as candidates run. */
    @Override
    public List<UpstreamPolicy> upstreams() {
        return List.of(new UpstreamPolicy("fcfs", ordered("fcfs"), PolicyRegistry.builtin().source("fcfs")),
                new UpstreamPolicy("edf", ordered("edf"), PolicyRegistry.builtin().source("edf")),
                new UpstreamPolicy("slo-deadline", ordered("slo-deadline"), PolicyRegistry.builtin().source("slo-deadline")));
    }

    /** A built-in ordering at the plug point, under the usage-limit policy both arms run. */
    static PolicyUnderTest ordered(String ordering) {
        return Problems.builtinAt(USAGE_LIMIT, PlugPoint.ORDERING, ordering);
    }

    @Override
    public String baselineName() {
        return "fcfs";
    }

    @Override
    public String baselinePolicy() {
        return "fcfs";
    }

    @Override
    public String noun() {
        return "an ordering policy";
    }

    @Override
    public String baselineDescription() {
        return "the router's default ordering, fcfs (static-usage-limit and the utilization detector in both arms)";
    }

    @Override
    public List<String> deploymentRisks() {
        return List.of("It orders every flow's queue as a heap: the router must run the priority-queue flow queue, as it does for "
                + "its own edf and slo-deadline orderings.", "Requests it puts last wait until their TTL (60 s by default) when the "
                + "band stays saturated: a starved request is evicted, not served late.");
    }

    /** {@code nous evaluate} runs the usage-limit and admission plug points only; a review reproduces an ordering with replay. */
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
        return "ordering-contract.md";
    }

    @Override
    public String promptObjective() {
        return "ordering-objective.md";
    }

    @Override
    public SearchSpace search() {
        return SearchSpaces.ORDERING;
    }
}
