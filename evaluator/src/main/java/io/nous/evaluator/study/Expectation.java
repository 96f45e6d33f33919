package io.nous.evaluator.study;

import java.util.Locale;

/**
 * Which way a study says the treatment moved a point's metric: the direction every reproduction must
 * share. {@code neutral} is a no-op (an under-capacity point, where a good policy changes nothing);
 * {@code not-worse} is a point where the study reports no harm without a figure.
 */
public enum Expectation {
    BETTER, WORSE, NEUTRAL, NOT_WORSE;

    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static Expectation byId(String id) {
        for (Expectation e : values()) {
            if (e.id().equals(id)) {
                return e;
            }
        }
        throw new IllegalArgumentException("expect must be one of better, worse, neutral, not-worse, got '" + id + "'");
    }
}
