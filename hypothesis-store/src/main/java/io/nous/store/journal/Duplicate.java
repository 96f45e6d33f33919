package io.nous.store.journal;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A proposal that is an earlier candidate again ({@code duplicate}); it is not simulated. Either its
 * canonical form equals that candidate's, or ({@code by} is {@code behaviour}) its code differs but it
 * answered every input of the probe grid exactly as that candidate did ({@code fingerprint}), or
 * within the run's novelty tolerance of it ({@code distance}, the largest difference of any probed
 * decision; absent for an exact one).
 */
public record Duplicate(int iteration, String of, String sha256, @JsonInclude(JsonInclude.Include.NON_NULL) String by,
                        @JsonInclude(JsonInclude.Include.NON_NULL) String fingerprint,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Double distance) implements JournalEntry {
    /** The journal line's {@code type}. */
    public static final String TYPE = "duplicate";

    /** What {@code by} says of a behavioural duplicate. */
    public static final String BEHAVIOUR = "behaviour";

    /** The same canonical form. */
    public Duplicate(int iteration, String of, String sha256) {
        this(iteration, of, sha256, null, null, null);
    }

    /** A behavioural duplicate: exact when {@code distance} is null. */
    public static Duplicate behavioural(int iteration, String of, String sha256, String fingerprint, Double distance) {
        return new Duplicate(iteration, of, sha256, BEHAVIOUR, fingerprint, distance);
    }

    /** Skipped for its behaviour (exactly or within the tolerance), not for its code. */
    public boolean byBehaviour() {
        return BEHAVIOUR.equals(by);
    }

    @Override
    public String journalType() {
        return TYPE;
    }
}
