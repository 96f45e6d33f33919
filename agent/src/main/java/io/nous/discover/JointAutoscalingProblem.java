package io.nous.discover;

import io.nous.discover.evolve.SearchSpace;
import io.nous.discover.evolve.SearchSpaces;
import io.nous.evaluator.run.Deployment;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.sandbox.Sandbox;
import io.nous.sim.spi.PlugPoint;
import java.util.List;

/**
 * Flow control and the autoscaler at once: a candidate is one class implementing a usage-limit policy
 * (the router's bands' ceilings) and a scaling policy (the pool's size), which read the same
 * saturation: ceilings that hold work back keep the pods' own metrics calm, so an autoscaler reading
 * those never grows the pool. Run on autoscaled pools under a daily cycle, against the router's
 * static-usage-limit beside an HPA on KV use, then beside WVA's saturation analyzer. The usage-limit
 * half leaves as a router plugin, the scaling half as a package for the autoscaler.
 */
final class JointAutoscalingProblem extends JointClass {
    /** The router's default usage-limit policy, in the baseline and the upstream pairs. */
    static final String USAGE_LIMIT = "static-usage-limit";
    /** The deployed pair: the baseline and the first bar. */
    static final String UPSTREAM = USAGE_LIMIT + "+hpa-utilization";
    private static final String ANALYZER = USAGE_LIMIT + "+saturation-analyzer";

    JointAutoscalingProblem() {
        super(PlugPoint.USAGE_LIMIT, PlugPoint.SCALING, List.of("limit", "scaling"), "USAGE-LIMIT+SCALING");
    }

    @Override
    public String id() {
        return Problems.JOINT_AUTOSCALING;
    }

    @Override
    public String defaultMatrix() {
        return "autoscaling";
    }

    @Override
    public String defaultObjective() {
        return "slo-cost";
    }

    @Override
    public List<String> defaultSeeds() {
        return List.of(UPSTREAM, USAGE_LIMIT + "+threshold-scaling", "soft-reflective-ceiling+saturation-target");
    }

    /** A scaling policy named alone runs beside the router's default usage-limit policy. */
    @Override
    public String seedRef(String given) {
        return !given.contains("+") && Problems.builtinOfKind(given, PlugPoint.SCALING, "scaling") == null ? USAGE_LIMIT + "+" + given : given;
    }

    @Override
    public PolicyUnderTest baseline() {
        return pair("hpa-utilization").named(UPSTREAM);
    }

    @Override
    public PolicyUnderTest candidate(Sandbox sandbox, String id, Compiled c) {
        return sandbox.deploy(id, Problems.builtinUsageLimit(USAGE_LIMIT), List.of(
                new Sandbox.Part(PlugPoint.USAGE_LIMIT, c.part(0), c.sources().get(0), id + ".limit.java"),
                new Sandbox.Part(PlugPoint.SCALING, c.part(1), c.sources().get(1), id + ".scaling.java")));
    }

    /** The router's usage-limit policy beside a built-in scaling policy, in flow control's deployment. */
    private static PolicyUnderTest pair(String scaling) {
        return Problems.builtinAt(USAGE_LIMIT, PlugPoint.SCALING, scaling, Deployment.FLOW_CONTROL);
    }

    @Override
    public String upstream() {
        return UPSTREAM;
    }


    @Override
    public PolicyUnderTest upstreamUnderTest() {
        return baseline();
    }

    /** The router's usage-limit policy beside each rule deployments run: the HPA, then WVA's analyzer. */
    @Override
    public List<UpstreamPolicy> upstreams() {
        return List.of(new UpstreamPolicy(UPSTREAM, upstreamUnderTest(), upstreamSource()),
                new UpstreamPolicy(ANALYZER, pair("saturation-analyzer").named(ANALYZER), seedSource(ANALYZER)));
    }

    @Override
    public String upstreamOwner() {
        return "the deployment's";
    }

    @Override
    public String upstreamShipped() {
        return "deployments run";
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
        return "a joint flow-control and scaling policy (a usage-limit policy in the router and a scaling policy in the autoscaler)";
    }

    @Override
    public String baselineDescription() {
        return "the router's static-usage-limit beside an HPA on the pods' mean KV-cache use (target 0.7), resizing the pool between 1 "
                + "and 8 pods";
    }

    @Override
    public List<String> deploymentRisks() {
        return List.of("Its two halves were measured together and run in two places: the usage-limit half in the router, the scaling "
                + "half in the autoscaler beside it. Deploy both, or neither: ceilings searched against this autoscaler may starve a pool "
                + "another never grows.", "New pods take their start-up time to serve (simulated around 120 s): a pool it lets shrink "
                + "too far pays that time again at the next peak.");
    }

    @Override
    public String promptContract() {
        return "joint-autoscaling-contract.md";
    }

    @Override
    public String promptObjective() {
        return "joint-autoscaling-objective.md";
    }

    @Override
    public SearchSpace search() {
        return SearchSpaces.JOINT_AUTOSCALING;
    }
}
