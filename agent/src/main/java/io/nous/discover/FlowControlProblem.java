package io.nous.discover;

import io.nous.discover.evolve.SearchSpace;
import io.nous.discover.evolve.SearchSpaces;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.sandbox.Sandbox;
import io.nous.sim.spi.PlugPoint;
import java.util.List;

/**
 * Flow control: a usage-limit policy computes one ceiling per priority band each dispatch cycle,
 * compared with the router's static-usage-limit (ceiling 1 for every band).
 */
final class FlowControlProblem implements Problem {
    @Override
    public SearchSpace search() {
        return SearchSpaces.USAGE_LIMIT;
    }

    @Override
    public String id() {
        return Problems.FLOW_CONTROL;
    }

    @Override
    public List<PlugPoint<?>> kinds() {
        return List.of(PlugPoint.USAGE_LIMIT);
    }

    @Override
    public String seedProblem(String ref) {
        return Problems.builtinOfKind(ref, PlugPoint.USAGE_LIMIT, "usage-limit");
    }

    @Override
    public String defaultMatrix() {
        return "default";
    }

    @Override
    public String defaultObjective() {
        return "critical-ttft";
    }

    @Override
    public List<String> defaultSeeds() {
        return List.of("static-usage-limit", "soft-reflective-ceiling");
    }

    @Override
    public PolicyUnderTest baseline() {
        return Problems.builtinUsageLimit("static-usage-limit");
    }

    @Override
    public PolicyUnderTest candidate(Sandbox sandbox, String id, Compiled c) {
        return sandbox.usageLimit(id, c.part(0), c.sources().get(0), id + ".java");
    }

    @Override
    public String upstream() {
        return "soft-reflective-ceiling";
    }

    @Override
    public PolicyUnderTest upstreamUnderTest() {
        return Problems.builtinUsageLimit(upstream());
    }

    /**
     * Priority-holdback as the router's flow-control guide configures it in its example: its
     * {@code minCeiling} has no default, so a deployment must choose one.
     */
    static final String HOLDBACK = "priority-holdback:minCeiling=0.4,maxCeiling=0.9";

    /** Soft-reflective-ceiling, and priority-holdback: the router's two band-aware usage-limit policies. */
    @Override
    public List<UpstreamPolicy> upstreams() {
        return List.of(new UpstreamPolicy(upstream(), upstreamUnderTest(), upstreamSource()),
                new UpstreamPolicy(HOLDBACK, Problems.builtinUsageLimit(HOLDBACK), io.nous.policy.PolicyRegistry.builtin().source(HOLDBACK)));
    }

    @Override
    public String baselineName() {
        return "static-usage-limit";
    }

    @Override
    public String baselinePolicy() {
        return "static-usage-limit";
    }

    @Override
    public String noun() {
        return "a usage-limit policy";
    }

    @Override
    public String baselineDescription() {
        return "the static baseline (every ceiling 1.0)";
    }

    @Override
    public List<String> deploymentRisks() {
        return List.of();
    }

    @Override
    public String evaluateFlags(String file) {
        return "--policy " + file;
    }

    @Override
    public boolean distilsPrinciples() {
        return true;
    }

    @Override
    public String promptContract() {
        return "contract.md";
    }

    @Override
    public String promptObjective() {
        return "objective.md";
    }
}
