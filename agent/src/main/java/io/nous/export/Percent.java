package io.nous.export;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/**
 * How every text Nous writes for people (console, review, report) shows a relative change: a signed
 * percentage with one decimal, its interval in brackets, and "n/a" for a value that is undefined or
 * missing, never "NaN%".
 */
public final class Percent {
    private Percent() {
    }

    /** {@code +1.2%}, or {@code n/a}. */
    public static String of(double fraction) {
        return Double.isFinite(fraction) ? String.format(Locale.ROOT, "%+.1f%%", 100 * fraction) : "n/a";
    }

    /** The same for a boxed value; null is {@code n/a}. */
    public static String of(Double fraction) {
        return fraction == null ? "n/a" : of(fraction.doubleValue());
    }

    /** The same for a JSON number; a missing, null or non-numeric node is {@code n/a}. */
    public static String of(JsonNode fraction) {
        return fraction != null && fraction.isNumber() ? of(fraction.asDouble()) : "n/a";
    }
}
