package io.nous.evaluator.stats;

/** The decision about one comparison at the chosen confidence. */
public enum Verdict {
    BETTER("better"),
    WORSE("worse"),
    NO_DIFFERENCE("no-difference");

    private final String id;

    Verdict(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }
}
