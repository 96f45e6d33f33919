package io.nous.evaluator.stats;

/**
 * The decision about one comparison at the chosen confidence, by one rule used for every table,
 * JSON file, review and report: {@code better} when the whole confidence interval of the relative
 * change lies on the good side of zero, {@code worse} when it lies wholly on the bad side, and
 * {@code no-difference} when it contains zero (or is undefined). The paired t-test's p-value is
 * reported beside it for information only; it does not change the verdict.
 */
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

    /** The rule: where the interval {@code [ciLow, ciHigh]} of the relative change lies relative to zero. */
    public static Verdict of(double ciLow, double ciHigh, boolean lowerIsBetter) {
        if (Double.isNaN(ciLow) || Double.isNaN(ciHigh)) {
            return NO_DIFFERENCE;
        }
        if (ciHigh < 0) {
            return lowerIsBetter ? BETTER : WORSE;
        }
        if (ciLow > 0) {
            return lowerIsBetter ? WORSE : BETTER;
        }
        return NO_DIFFERENCE;
    }
}
