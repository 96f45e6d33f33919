package io.nous.observe;

import io.nous.sim.request.PromptContent;

/**
 * One request the load generator will send: the simulator's arrival (id, class, priority, tenant,
 * lengths, time), the fairness id it travels with, and what its prompt shares with others (null:
 * nothing), which the prompt's text then repeats word for word.
 */
public record PlannedRequest(int id, String className, int priority, String fairnessId, long scheduledUs,
                             int inputTokens, int outputTokens, PromptContent content) {

    /** A request whose prompt shares nothing. */
    public PlannedRequest(int id, String className, int priority, String fairnessId, long scheduledUs, int inputTokens,
                          int outputTokens) {
        this(id, className, priority, fairnessId, scheduledUs, inputTokens, outputTokens, null);
    }
}
