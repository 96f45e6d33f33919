package io.nous.evaluator.run;

import io.nous.sim.epp.DecisionTrace;
import io.nous.sim.metrics.RequestSamples;
import io.nous.sim.metrics.SimulationResult;
import java.util.Map;

/**
 * One simulation's summary and per-request samples (class name → samples).
 *
 * @param decisions    the usage-limit policy's decisions, when the run was asked to keep them (a
 *                     baseline's) and they stand for it; else null
 * @param decidedAlike the run was not simulated: its policy decided every cycle as a baseline's run did,
 *                     whose summary and samples these are ({@link io.nous.sim.epp.DecisionReplay})
 */
public record RunData(SimulationResult result, Map<String, RequestSamples> samples, DecisionTrace decisions, boolean decidedAlike) {

    public RunData(SimulationResult result, Map<String, RequestSamples> samples) {
        this(result, samples, null, false);
    }

    /**
     * This run as the run of a usage-limit policy named {@code name} that decided every cycle as this
     * run's did, which took {@code wallSeconds} to show.
     */
    public RunData decidedAlikeBy(String name, double wallSeconds) {
        return new RunData(result.decidedAlikeBy(name, wallSeconds), samples, null, true);
    }
}
