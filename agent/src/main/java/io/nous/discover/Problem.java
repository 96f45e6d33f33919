package io.nous.discover;

import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.codegen.plug.PlugPoints;
import io.nous.discover.evolve.SearchSpace;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.policy.PolicyRegistry;
import io.nous.sandbox.Sandbox;
import io.nous.sim.spi.PlugPoint;
import java.util.List;

/**
 * A class of policy discovery can search: what a candidate implements, what it is compared with,
 * where the search starts, on which matrix and for which objective, what the router already ships
 * for the same job, what the language model is told, and whether the distiller's principles apply.
 * A new class is one implementation registered in {@link Problems} (built-in) or listed in
 * {@code META-INF/services/io.nous.discover.Problem} (anywhere on the class path); the offline
 * proposer breeds its candidates in the class's own {@link SearchSpace}.
 */
public interface Problem {
    /** The name {@code --problem} takes. */
    String id();

    /** The SPIs a candidate implements, in the order its parts are compiled. */
    List<PlugPoint<?>> kinds();

    /** The matrix a run uses unless {@code --matrix} says otherwise. */
    String defaultMatrix();

    /** The objective a run uses unless {@code --objective} says otherwise. */
    String defaultObjective();

    /** Proposals a run makes unless {@code --budget} says otherwise. */
    default int defaultBudget() {
        return 150;
    }

    /** Whether candidates may shed requests (the admission objectives apply). */
    default boolean sheds() {
        return kinds().contains(PlugPoint.ADMISSION);
    }

    /** The built-in policies a run starts from unless {@code --seed-policies} says otherwise. */
    List<String> defaultSeeds();

    /**
     * The seed a user's name stands for in this class, as the run records it (a joint class may read a
     * lone policy as that policy beside the router's default for its other half).
     */
    default String seedRef(String given) {
        return given;
    }

    /** Why a name cannot be a seed of this class, or null when it can. */
    String seedProblem(String ref);

    /** A seed's source: the built-in's, with the reference's parameters (if any) as its defaults. */
    default String seedSource(String ref) {
        return PolicyRegistry.builtin().source(ref);
    }

    /** A seed's description, with the parameters the reference sets. */
    default String seedDescription(String ref) {
        int colon = ref.indexOf(':');
        String d = PolicyRegistry.builtin().template(ref).description();
        return colon < 0 ? d : d + " Parameters set for this run: " + ref.substring(colon + 1).trim() + ".";
    }

    /** What every candidate is compared with. */
    PolicyUnderTest baseline();

    /** Verifies and compiles a proposal as a candidate of this class, without running it. */
    default Compiled compile(String source) {
        CheckResult check = Candidates.compileOnly(source, "candidate.java");
        if (!check.accepted()) {
            return Compiled.rejected(check.problems());
        }
        PlugPoint<?> kind = kinds().get(0);
        if (check.kind() != kind) {
            return Compiled.rejected(List.of("candidate.java: " + (id().matches("[aeiou].*") ? "an " : "a ") + id()
                    + " search takes classes implementing " + kind.spi().getSimpleName() + "; this class implements "
                    + check.kind().spi().getSimpleName()));
        }
        return new Compiled(List.of(check), List.of(source), List.of("candidate.java"), List.of(), check.canonicalHash());
    }

    /** Runs a compiled candidate for the first time where candidates run, and measures its behaviour. */
    default Exercised exercise(Sandbox sandbox, Compiled c) {
        return exercise(sandbox, c, null);
    }

    /** {@link #exercise(Sandbox, Compiled)}, taking the behaviour fingerprint and signature with these priority arrays (null: none). */
    default Exercised exercise(Sandbox sandbox, Compiled c, List<int[]> probePriorities) {
        Sandbox.Checked x = sandbox.exercise(c.part(0), c.sources().get(0), c.origins().get(0), true, probePriorities);
        return new Exercised(x.problems(), x.behaviour(), x.fingerprint(), x.signature());
    }

    /** A compiled candidate as the deployment that runs it. */
    PolicyUnderTest candidate(Sandbox sandbox, String id, Compiled compiled);

    /** The policy the router already ships for this job, by name; the winner is compared with it. */
    String upstream();

    /** The upstream policy's source, to recognise a winner that is the upstream policy. */
    default String upstreamSource() {
        return PolicyRegistry.builtin().source(upstream());
    }

    /** Whose upstream policies these are, before a policy's name: "the router's" (its plug points) by default. */
    default String upstreamOwner() {
        return "the router's";
    }

    /** What shipping the upstream policies is called, after "what": "the router ships" by default. */
    default String upstreamShipped() {
        return "the router ships";
    }

    /** The upstream policy as the deployment that runs it. */
    PolicyUnderTest upstreamUnderTest();

    /**
     * Every policy the router ships for this plug point that a recommendation must beat, the one
     * {@link #upstream()} names first; by default that one alone.
     */
    default java.util.List<UpstreamPolicy> upstreams() {
        return java.util.List.of(new UpstreamPolicy(upstream(), upstreamUnderTest(), upstreamSource()));
    }

    /** The baseline's short name, as promotions over it are journaled. */
    String baselineName();

    /**
     * The built-in policy a review diffs a seed against: the baseline's own policy, or for a baseline
     * that is a router path rather than a policy (the legacy shedding path) the policy that behaves as it.
     */
    String baselinePolicy();

    /** A candidate of this class in a phrase, as a review's title names it ("a usage-limit policy"). */
    String noun();

    /** What every change is measured against, in words, as a review's results say. */
    String baselineDescription();

    /** What a reviewer must know about the deployment this class's candidates were measured in (may be empty). */
    List<String> deploymentRisks();

    /**
     * The {@code nous evaluate} flags that measure a candidate file deployed as this class deploys it,
     * or null where evaluate cannot take one (a review then reproduces with replay alone).
     */
    String evaluateFlags(String file);

    /**
     * Where each part's router plugin goes under the export's {@code --out}, in the order of
     * {@link #kinds()}: {@code ""} for one part written to {@code --out} itself (it may then be placed
     * in a router checkout); with more than one part, an {@code epp-config.yaml} beside them enables
     * them together. The default fits a class of one part.
     */
    default List<String> exportDirectories() {
        if (kinds().size() != 1) {
            throw new IllegalStateException("problem class '" + id() + "' has " + kinds().size() + " parts: name a directory for each");
        }
        return List.of("");
    }

    /** Whether evidence teaches this class's runs the distiller's principles (they are about usage-limit policies). */
    boolean distilsPrinciples();

    /**
     * The LLM prompt resources under {@code io/nous/agent/prompts/<version>/}: the plug point and its
     * contract, and the objective and constraints ({@code {objective}} stands for the objective's name).
     */
    String promptContract();

    /** @see #promptContract() */
    String promptObjective();

    /** How the offline search varies this class's candidates: operators, crossover, fallback, behaviour cells. */
    SearchSpace search();

    /** The methods a candidate's class must have, as the LLM reply is checked for them. */
    default List<String> entryMethods() {
        return kinds().stream().map(k -> PlugPoints.of(k).entryMethod()).toList();
    }
}
