package io.nous.evaluator.run;

import io.nous.sim.Scenario;
import io.nous.sim.epp.DecisionTrace;

/**
 * One unit of evaluation work: one simulation of one policy on one scenario (a workload at a load,
 * one seed, one simulator variant, one duration), the scenario already as the policy deploys it.
 * What a backend runs, wherever it runs it.
 *
 * @param recordDecisions keep the usage-limit policy's decisions with the run (a baseline's, for
 *                        candidates to be held to)
 * @param baselineRun     a finished run of another usage-limit policy alone on the same scenario, deployed
 *                        the same way, whose decisions the policy may be held to first: alike, that run
 *                        is its run ({@link RunData#decidedAlikeBy}); or null. A backend may ignore it.
 */
public record SimulationTask(Scenario scenario, PolicyUnderTest policy, boolean recordDecisions, RunData baselineRun) {

    public SimulationTask(Scenario scenario, PolicyUnderTest policy) {
        this(scenario, policy, false, null);
    }

    /** The baseline decisions to hold the policy to, or null. */
    public DecisionTrace baselineDecisions() {
        return baselineRun == null ? null : baselineRun.decisions();
    }
}
