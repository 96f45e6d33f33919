package io.nous.discover;

import io.nous.codegen.CandidateKind;
import io.nous.codegen.CheckResult;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.sandbox.Sandbox;
import java.util.List;

/**
 * A class of policy discovery can search: what a candidate implements, what it is compared with,
 * where the search starts, on which matrix and for which objective, what the router already ships
 * for the same job, what the language model is told, and whether the distiller's principles apply.
 * A new class is one implementation registered in {@link Problems}; the offline proposer's
 * operators and the behaviour probe follow the candidate's SPI.
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

    /** The baseline's short name, as promotions over it are journaled. */
    String baselineName();

    /** Whether evidence teaches this class's runs the distiller's principles (they are about usage-limit policies). */
    boolean distilsPrinciples();

    /**
     * The LLM prompt resources under {@code io/nous/agent/prompts/<version>/}: the plug point and its
     * contract, and the objective and constraints ({@code {objective}} stands for the objective's name).
     */
    String promptContract();

    /** @see #promptContract() */
    String promptObjective();

    /** The method a candidate's class must have, as the LLM reply is checked for it. */
    default String entryMethod() {
        return kind() == CandidateKind.ADMISSION ? "admit" : "computeLimit";
    }
}
