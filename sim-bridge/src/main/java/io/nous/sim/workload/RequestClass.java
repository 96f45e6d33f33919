package io.nous.sim.workload;

/**
 * A class of traffic: a name used in reports ({@code critical}, {@code sheddable}), the llm-d
 * priority its InferenceObjective maps to (negative means sheddable), and its share of requests.
 */
public record RequestClass(String name, int priority, double share) {

    public boolean sheddable() {
        return priority < 0;
    }
}
