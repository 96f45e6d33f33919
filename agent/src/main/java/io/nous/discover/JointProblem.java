package io.nous.discover;

import io.nous.codegen.JointSource;
import io.nous.discover.evolve.SearchSpace;
import io.nous.discover.evolve.SearchSpaces;
import io.nous.evaluator.run.Deployment;
import io.nous.evaluator.run.PolicyIdentity;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.sandbox.Sandbox;
import io.nous.sim.spi.PlugPoint;
import java.util.List;

/**
 * Admission and flow control at once: a candidate is one class implementing both SPIs, which the
 * router runs as two plugins (a usage-limit policy and an admitter, see {@link JointSource}),
 * deployed together with flow control on, compared with today's router (static-usage-limit, no
 * admitter) and with the two upstream policies together.
 */
final class JointProblem extends JointClass {
    JointProblem() {
        super(PlugPoint.USAGE_LIMIT, PlugPoint.ADMISSION, List.of("limit", "admitter"), "USAGE-LIMIT+ADMITTER");
    }

    @Override
    public SearchSpace search() {
        return SearchSpaces.JOINT;
    }

    /** The two upstream policies together. */
    static final String UPSTREAM = "soft-reflective-ceiling+probabilistic-admitter";

    @Override
    public String id() {
        return Problems.JOINT;
    }

    @Override
    public String defaultMatrix() {
        return "joint";
    }

    @Override
    public String defaultObjective() {
        return "critical-ttft-shed";
    }

    @Override
    public List<String> defaultSeeds() {
        return List.of("static-usage-limit+legacy-threshold", "soft-reflective-ceiling+legacy-threshold");
    }

    @Override
    public PolicyUnderTest baseline() {
        return Problems.builtinUsageLimit("static-usage-limit");
    }

    @Override
    public PolicyUnderTest candidate(Sandbox sandbox, String id, Compiled c) {
        return sandbox.joint(id, c.part(0), c.sources().get(0), c.part(1), c.sources().get(1));
    }

    @Override
    public String upstream() {
        return UPSTREAM;
    }


    @Override
    public PolicyUnderTest upstreamUnderTest() {
        return PolicyUnderTest.builtin(UPSTREAM,
                PolicyIdentity.builtin("soft-reflective-ceiling").plus(PolicyIdentity.builtin("probabilistic-admitter")),
                "soft-reflective-ceiling", "probabilistic-admitter", Deployment.FLOW_CONTROL);
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
        return "a joint policy (a usage-limit policy and an admitter deployed together)";
    }

    @Override
    public String baselineDescription() {
        return "today's router (static-usage-limit with flow control on, no admitter)";
    }

    @Override
    public List<String> deploymentRisks() {
        return List.of("Its two halves were measured together, flow control on and the admitter in front of it; either alone is untested,"
                + " so deploy both (the export's epp-config.yaml enables them together).");
    }

    @Override
    public String promptContract() {
        return "joint-contract.md";
    }

    @Override
    public String promptObjective() {
        return "joint-objective.md";
    }
}
