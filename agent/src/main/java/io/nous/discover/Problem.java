package io.nous.discover;

import io.nous.codegen.CandidateKind;
import io.nous.codegen.CheckResult;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.sandbox.Sandbox;
import java.util.List;

/**
 * A class of policy discovery can search: what a candidate implements, what it is compared with,
 * where the search starts and on which matrix, and what the router already ships for the same job.
 * A new class is one implementation registered in {@link Problems}.
 */
public interface Problem {
    /** The name {@code --problem} takes. */
    String id();

    /** The SPI a candidate implements. */
    CandidateKind kind();

    /** The matrix a run uses unless {@code --matrix} says otherwise. */
    String defaultMatrix();

    /** The objective a run uses unless {@code --objective} says otherwise. */
    String defaultObjective();

    /** The built-in policies a run starts from unless {@code --seed-policies} says otherwise. */
    List<String> defaultSeeds();

    /** What every candidate is compared with. */
    PolicyUnderTest baseline();

    /** A candidate (or a built-in seed, by its source) as the deployment that runs it. */
    PolicyUnderTest candidate(Sandbox sandbox, String id, CheckResult compiled, String source);

    /** The policy the router already ships for this job, as a built-in reference; the winner is compared with it. */
    String upstream();

    /** The upstream policy as the deployment that runs it. */
    PolicyUnderTest upstreamUnderTest();
}
