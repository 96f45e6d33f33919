package io.nous.codegen;

/**
 * What a candidate must be, beyond safe: {@link #ROUTER} (the default everywhere, and the only one
 * discovery uses) also requires that it can become a llm-d-router plugin, which among other things
 * means no state but one counter, so it cannot retain memory between calls;
 * {@link #SIMULATION_ONLY} accepts any safe policy for study in the simulator, and then bounds what
 * it may allocate over its life instead.
 */
public enum Contract {
    ROUTER,
    SIMULATION_ONLY
}
