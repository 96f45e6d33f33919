package io.nous.sim.cost;

/** Validation helpers that name the offending key. */
final class Checks {
    private Checks() {
    }

    static void positive(String key, double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new ProfileException(key + " must be a positive number, got " + value);
        }
    }

    static void fraction(String key, double value) {
        if (!(value > 0 && value <= 1)) {
            throw new ProfileException(key + " must be in (0, 1], got " + value);
        }
    }

    static void nonNegative(String key, double value) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new ProfileException(key + " must be a non-negative number, got " + value);
        }
    }
}
