package io.nous.store.journal;

/**
 * A second candidate that travels with a hypothesis to test how it works: an {@code ablation}
 * (the candidate without one of its mechanisms) or a {@code control} (a variant that should change
 * nothing). Each arm is verified and evaluated like any candidate; its result next to the main
 * candidate's says which part of the mechanism carries the effect.
 */
public record Arm(String role, String purpose, String source) {
    /** The roles an arm may have. */
    public static final java.util.Set<String> ROLES = java.util.Set.of("ablation", "control");
}
