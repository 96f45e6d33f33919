package io.nous.discover;

import io.nous.discover.evolve.SearchSpace;
import io.nous.evaluator.run.Deployment;
import io.nous.evaluator.run.PolicyIdentity;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.policy.PolicyRegistry;
import io.nous.sandbox.Sandbox;
import io.nous.sim.spi.PlugPoint;
import java.util.List;

/**
 * A problem class that searches one plug point beside the router's default usage-limit policy, against
 * the policies the router ships for that plug point, everything it says taken from its {@link Spec}: a
 * new plug point's class is one spec, not another class. Each arm runs the usage-limit policy at its
 * plug point and the policy under test at its own, in the spec's deployment.
 */
final class PlugPointProblem implements Problem {

    /**
     * @param id          what users type after {@code --problem}
     * @param point       the plug point searched
     * @param kind        the plug point in words, for a seed that is not one of its policies ("ordering")
     * @param usageLimit  the built-in usage-limit policy both arms run
     * @param deployment  the router around them (eviction on, for the eviction class)
     * @param matrix      the default matrix
     * @param objective   the default objective
     * @param seeds       the default seed policies
     * @param upstreams   the policies the router ships at the plug point, its default first: the baseline
     * @param noun        a candidate in a phrase ("an ordering policy")
     * @param baselineDescription what every change is measured against, in words
     * @param risks       what a reviewer must know about the deployment
     * @param prompts     the prompts' stem: {@code STEM-contract.md} and {@code STEM-objective.md}
     * @param search      the offline search's operators
     * @param owner       whose the upstream policies are, before a name ("the router's")
     * @param shipped     what shipping them is called, after "what" ("the router ships")
     */
    record Spec(String id, PlugPoint<?> point, String kind, String usageLimit, Deployment deployment, String matrix, String objective,
                List<String> seeds, List<String> upstreams, String noun, String baselineDescription, List<String> risks, String prompts,
                SearchSpace search, String owner, String shipped) {

        /** A spec whose upstream policies are the router's own. */
        Spec(String id, PlugPoint<?> point, String kind, String usageLimit, Deployment deployment, String matrix, String objective,
             List<String> seeds, List<String> upstreams, String noun, String baselineDescription, List<String> risks, String prompts,
             SearchSpace search) {
            this(id, point, kind, usageLimit, deployment, matrix, objective, seeds, upstreams, noun, baselineDescription, risks, prompts,
                    search, "the router's", "the router ships");
        }

        Spec {
            if (upstreams.isEmpty()) {
                throw new IllegalArgumentException(id + ": a plug point problem needs the router's default policy");
            }
            seeds = List.copyOf(seeds);
            upstreams = List.copyOf(upstreams);
            risks = List.copyOf(risks);
        }
    }

    private final Spec spec;

    PlugPointProblem(Spec spec) {
        this.spec = spec;
    }

    @Override
    public String id() {
        return spec.id();
    }

    @Override
    public String upstreamOwner() {
        return spec.owner();
    }

    @Override
    public String upstreamShipped() {
        return spec.shipped();
    }

    @Override
    public List<PlugPoint<?>> kinds() {
        return List.of(spec.point());
    }

    @Override
    public String defaultMatrix() {
        return spec.matrix();
    }

    @Override
    public String defaultObjective() {
        return spec.objective();
    }

    @Override
    public List<String> defaultSeeds() {
        return spec.seeds();
    }

    @Override
    public String seedProblem(String ref) {
        return Problems.builtinOfKind(ref, spec.point(), spec.kind());
    }

    /** The router's default policy at the plug point. */
    @Override
    public PolicyUnderTest baseline() {
        return builtin(upstream());
    }

    @Override
    public PolicyUnderTest candidate(Sandbox sandbox, String id, Compiled c) {
        PolicyUnderTest around = PolicyUnderTest.builtin(spec.usageLimit(), PolicyIdentity.builtin(spec.usageLimit()).in(spec.deployment()),
                spec.usageLimit(), null, spec.deployment());
        return sandbox.deploy(id, around, spec.point(), c.part(0), c.sources().get(0), id + ".java");
    }

    @Override
    public String upstream() {
        return spec.upstreams().get(0);
    }

    @Override
    public PolicyUnderTest upstreamUnderTest() {
        return baseline();
    }

    /** Every policy the router ships at the plug point, each beside the usage-limit policy as candidates run. */
    @Override
    public List<UpstreamPolicy> upstreams() {
        return spec.upstreams().stream().map(ref -> new UpstreamPolicy(ref, builtin(ref), PolicyRegistry.builtin().source(ref))).toList();
    }

    /** A built-in policy at the plug point, beside the usage-limit policy both arms run, in the spec's deployment. */
    private PolicyUnderTest builtin(String ref) {
        return Problems.builtinAt(spec.usageLimit(), spec.point(), ref, spec.deployment());
    }

    @Override
    public String baselineName() {
        return upstream();
    }

    @Override
    public String baselinePolicy() {
        return upstream();
    }

    @Override
    public String noun() {
        return spec.noun();
    }

    @Override
    public String baselineDescription() {
        return spec.baselineDescription();
    }

    @Override
    public List<String> deploymentRisks() {
        return spec.risks();
    }

    /** {@code nous evaluate} runs the usage-limit and admission plug points only; a review reproduces these with replay. */
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
        return spec.prompts() + "-contract.md";
    }

    @Override
    public String promptObjective() {
        return spec.prompts() + "-objective.md";
    }

    @Override
    public SearchSpace search() {
        return spec.search();
    }
}
