package io.nous.discover;

import io.nous.discover.evolve.SearchSpace;
import io.nous.discover.evolve.SearchSpaces;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.sandbox.Sandbox;
import io.nous.sim.spi.PlugPoint;
import java.util.List;

/**
 * Flow control's two plugins at once: a candidate is one class implementing a usage-limit policy and
 * a saturation detector (the bands' ceilings and the reading they are held against), run by the
 * router as two plugins, deployed with flow control on and compared with what the router ships,
 * soft-reflective-ceiling under its utilization-detector, and under its concurrency-detector.
 */
final class JointDetectorProblem extends JointClass {
    /** The detector the router's flow control runs unless its config names another. */
    static final String DEFAULT_DETECTOR = "utilization-detector";
    /** The router's pair, the baseline and the first bar. */
    static final String UPSTREAM = SaturationProblem.USAGE_LIMIT + "+" + DEFAULT_DETECTOR;

    JointDetectorProblem() {
        super(PlugPoint.USAGE_LIMIT, PlugPoint.SATURATION, List.of("limit", "detector"), "USAGE-LIMIT+DETECTOR");
    }

    @Override
    public String id() {
        return Problems.JOINT_DETECTOR;
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
        return List.of(UPSTREAM, SaturationProblem.USAGE_LIMIT + "+lease-detector");
    }

    /**
     * A usage-limit policy named alone runs under the router's default detector, so
     * {@code --seed-policies static-usage-limit} starts from what a plain flow-control deployment has.
     */
    @Override
    public String seedRef(String given) {
        return !given.contains("+") && Problems.builtinOfKind(given, PlugPoint.USAGE_LIMIT, "usage-limit") == null
                ? given + "+" + DEFAULT_DETECTOR : given;
    }

    /** Soft-reflective-ceiling under the router's utilization-detector. */
    @Override
    public PolicyUnderTest baseline() {
        return SaturationProblem.detected(DEFAULT_DETECTOR).named(UPSTREAM);
    }

    @Override
    public PolicyUnderTest candidate(Sandbox sandbox, String id, Compiled c) {
        return sandbox.deploy(id, Problems.builtinUsageLimit(SaturationProblem.USAGE_LIMIT), List.of(
                new Sandbox.Part(PlugPoint.USAGE_LIMIT, c.part(0), c.sources().get(0), id + ".limit.java"),
                new Sandbox.Part(PlugPoint.SATURATION, c.part(1), c.sources().get(1), id + ".detector.java")));
    }

    @Override
    public String upstream() {
        return UPSTREAM;
    }


    @Override
    public PolicyUnderTest upstreamUnderTest() {
        return baseline();
    }

    /** The router's usage-limit policy under each of its detectors. */
    @Override
    public List<UpstreamPolicy> upstreams() {
        String concurrency = SaturationProblem.USAGE_LIMIT + "+concurrency-detector";
        return List.of(new UpstreamPolicy(UPSTREAM, upstreamUnderTest(), upstreamSource()),
                new UpstreamPolicy(concurrency, SaturationProblem.detected("concurrency-detector").named(concurrency), seedSource(concurrency)));
    }

    @Override
    public String baselineName() {
        return UPSTREAM;
    }

    @Override
    public String baselinePolicy() {
        return UPSTREAM;
    }

    @Override
    public String noun() {
        return "a joint flow-control policy (a usage-limit policy and a saturation detector deployed together)";
    }

    @Override
    public String baselineDescription() {
        return "the router's soft-reflective-ceiling under its utilization-detector";
    }

    @Override
    public List<String> deploymentRisks() {
        return List.of("Its two halves were measured together: the ceilings were searched against this detector's readings and the"
                + " detector against these ceilings; either alone is untested, so deploy both (the export's epp-config.yaml selects them"
                + " together).");
    }

    @Override
    public String promptContract() {
        return "joint-detector-contract.md";
    }

    @Override
    public String promptObjective() {
        return "joint-detector-objective.md";
    }

    @Override
    public SearchSpace search() {
        return SearchSpaces.JOINT_DETECTOR;
    }
}
