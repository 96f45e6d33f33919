package io.nous.discover;

import io.nous.discover.evolve.SearchSpace;
import io.nous.discover.evolve.SearchSpaces;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.policy.PolicyRegistry;
import io.nous.sandbox.Sandbox;
import io.nous.sim.spi.PlugPoint;
import java.util.List;

/**
 * Saturation detection: a detector computes the pool's saturation from what the router's data layer
 * holds per endpoint (scraped queues and KV with their age, the router's own in-flight counts), and
 * the flow controller holds bands against it. Searched under a fixed usage-limit policy,
 * soft-reflective-ceiling, and compared with the router's utilization-detector under the same
 * policy; the concurrency-detector is the other upstream bar.
 */
final class SaturationProblem implements Problem {
    /** The usage-limit policy both arms run. */
    static final String USAGE_LIMIT = "soft-reflective-ceiling";

    @Override
    public String id() {
        return Problems.SATURATION;
    }

    @Override
    public List<PlugPoint<?>> kinds() {
        return List.of(PlugPoint.SATURATION);
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
        return List.of("utilization-detector", "lease-detector");
    }

    @Override
    public String seedProblem(String ref) {
        return Problems.builtinOfKind(ref, PlugPoint.SATURATION, "saturation detector");
    }

    /** Soft-reflective-ceiling with the scenario's own detector, the router's utilization-detector. */
    @Override
    public PolicyUnderTest baseline() {
        return Problems.builtinUsageLimit(USAGE_LIMIT).named("utilization-detector");
    }

    @Override
    public PolicyUnderTest candidate(Sandbox sandbox, String id, Compiled c) {
        return sandbox.deploy(id, Problems.builtinUsageLimit(USAGE_LIMIT), PlugPoint.SATURATION, c.part(0), c.sources().get(0), id + ".java");
    }

    @Override
    public String upstream() {
        return "utilization-detector";
    }

    @Override
    public PolicyUnderTest upstreamUnderTest() {
        return baseline();
    }

    /** The router's two detectors, each under soft-reflective-ceiling as candidates run. */
    @Override
    public List<UpstreamPolicy> upstreams() {
        return List.of(new UpstreamPolicy(upstream(), upstreamUnderTest(), upstreamSource()),
                new UpstreamPolicy("concurrency-detector", detected("concurrency-detector"),
                        PolicyRegistry.builtin().source("concurrency-detector")));
    }

    /** A built-in detector at the plug point, under the usage-limit policy both arms run. */
    static PolicyUnderTest detected(String detector) {
        return Problems.builtinAt(USAGE_LIMIT, PlugPoint.SATURATION, detector);
    }

    @Override
    public String baselineName() {
        return "utilization-detector";
    }

    @Override
    public String baselinePolicy() {
        return "utilization-detector";
    }

    @Override
    public String noun() {
        return "a saturation detector";
    }

    @Override
    public String baselineDescription() {
        return "the router's utilization-detector (soft-reflective-ceiling sets the ceilings in both arms)";
    }

    @Override
    public List<String> deploymentRisks() {
        return List.of("It was measured with soft-reflective-ceiling setting the bands' ceilings; under another usage-limit policy the"
                + " same readings hold different bands.");
    }

    /** {@code nous evaluate} runs the built-in detectors only; a review reproduces a detector with replay. */
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
        return "saturation-contract.md";
    }

    @Override
    public String promptObjective() {
        return "saturation-objective.md";
    }

    @Override
    public SearchSpace search() {
        return SearchSpaces.SATURATION;
    }
}
