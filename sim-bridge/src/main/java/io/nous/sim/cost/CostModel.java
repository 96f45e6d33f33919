package io.nous.sim.cost;

/**
 * Predicts how long one engine step takes from what the step contains. Implementations must be
 * pure and cheap: the simulator calls this once per step of every pod.
 */
public interface CostModel {

    /** Duration of the step in microseconds; always positive. */
    double stepMicros(StepBatch batch);

    /** The profile this model was built from. */
    CostProfile profile();
}
