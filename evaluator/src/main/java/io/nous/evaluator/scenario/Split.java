package io.nous.evaluator.scenario;

import java.util.Locale;

/**
 * Which part of a matrix a scenario belongs to. {@code SEARCH} results may be shown to proposers;
 * {@code VALIDATION} confirms a winner and is never shown; {@code TEST} is reported once, at export.
 */
public enum Split {
    SEARCH, VALIDATION, TEST;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** A split by name, or null for {@code all}. */
    public static Split byId(String id) {
        if (id.equals("all")) {
            return null;
        }
        for (Split s : values()) {
            if (s.id().equals(id)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown split '" + id + "'; known: search, validation, test, all");
    }
}
