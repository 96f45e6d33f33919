package io.nous.evaluator.run;

import io.nous.sim.metrics.RequestSamples;
import io.nous.sim.metrics.SimulationResult;
import java.util.Map;

/** One simulation's summary and per-request samples (class name → samples). */
public record RunData(SimulationResult result, Map<String, RequestSamples> samples) {
}
