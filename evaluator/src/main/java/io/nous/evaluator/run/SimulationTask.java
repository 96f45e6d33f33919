package io.nous.evaluator.run;

import io.nous.sim.Scenario;
import java.util.concurrent.CompletableFuture;

/**
 * One unit of evaluation work: one simulation of one policy on one scenario (a workload at a load,
 * one seed, one simulator variant, one duration), the scenario already as the policy deploys it.
 * What a backend runs, wherever it runs it.
 *
 * @param recordDecisions keep the usage-limit policy's decisions with the run (a baseline's, for
 *                        candidates to be held to)
 * @param baselineRun     the run, finished or still to come, of another usage-limit policy alone on the
 *                        same scenario, deployed the same way, whose decisions the policy may be held to
 *                        first: alike, that run is its run ({@link RunData#decidedAlikeBy}); or null. A
 *                        backend may wait for it or ignore it; the answer is the same.
 */
public record SimulationTask(Scenario scenario, PolicyUnderTest policy, boolean recordDecisions,
                             CompletableFuture<RunData> baselineRun) {

    public SimulationTask(Scenario scenario, PolicyUnderTest policy) {
        this(scenario, policy, false, null);
    }
}
