package io.nous.observe;

/**
 * One request the load generator will send: the simulator's arrival (id, class, priority, tenant,
 * lengths, time) and the fairness id it travels with.
 */
public record PlannedRequest(int id, String className, int priority, String fairnessId, long scheduledUs,
                             int inputTokens, int outputTokens) {
}
