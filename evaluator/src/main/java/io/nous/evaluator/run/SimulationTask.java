package io.nous.evaluator.run;

import io.nous.sim.Scenario;

/**
 * One unit of evaluation work: one simulation of one policy on one scenario (a workload at a load,
 * one seed, one simulator variant, one duration), the scenario already as the policy deploys it.
 * What a backend runs, wherever it runs it.
 */
public record SimulationTask(Scenario scenario, PolicyUnderTest policy) {
}
