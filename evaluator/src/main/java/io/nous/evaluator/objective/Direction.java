package io.nous.evaluator.objective;

/**
 * Which way an objective improves. Latency objectives improve downwards, goodput and
 * ms-saved-per-shed upwards; everything that ranks or stops on an objective's value (fitness,
 * promotion, racing, elites, tournaments, a run's stop target, review wording) asks this instead of
 * assuming lower is better.
 */
public enum Direction {
    LOWER_IS_BETTER("lower", "<="), HIGHER_IS_BETTER("higher", ">=");

    private final String word;
    private final String reachedSign;

    Direction(String word, String reachedSign) {
        this.word = word;
        this.reachedSign = reachedSign;
    }

    /** The objective's value turned into a loss: lower is better whichever way the objective points. */
    public double loss(double value) {
        return this == LOWER_IS_BETTER ? value : -value;
    }

    /** Whether {@code a} is strictly better than {@code b} (NaN is never better). */
    public boolean better(double a, double b) {
        return loss(a) < loss(b);
    }

    /** Whether {@code value} has reached {@code target} (equal counts as reached). */
    public boolean reached(double value, double target) {
        return loss(value) <= loss(target);
    }

    /** "lower" or "higher", as in "lower is better". */
    public String word() {
        return word;
    }

    /** The comparison that says a target was reached: {@code <=} or {@code >=}. */
    public String reachedSign() {
        return reachedSign;
    }

    public static Direction of(boolean lowerIsBetter) {
        return lowerIsBetter ? LOWER_IS_BETTER : HIGHER_IS_BETTER;
    }
}
