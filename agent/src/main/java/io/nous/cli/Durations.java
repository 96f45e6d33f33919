package io.nous.cli;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a duration flag strictly: a non-negative number with one unit, {@code ms}, {@code s},
 * {@code m} (or {@code min}) or {@code h} (for example {@code 90s}, {@code 12m}, {@code 1.5h}); a
 * bare number means seconds. Anything else ({@code 5x}, {@code 1h30}, {@code -3s}, {@code m}) is an
 * error naming the flag, never a guess.
 */
final class Durations {
    private static final Pattern FORM = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)\\s*(ms|s|m|min|h)?");

    private Durations() {
    }

    /** Seconds. */
    static double seconds(String flag, String text) {
        Matcher m = FORM.matcher(text == null ? "" : text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new UserError(flag + " must be a duration such as 90s, 12m or 1h (units ms, s, m, h), got '" + text + "'");
        }
        double v = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double seconds = switch (unit) {
            case "ms" -> v / 1000;
            case "m", "min" -> v * 60;
            case "h" -> v * 3600;
            default -> v;
        };
        if (!Double.isFinite(seconds)) {
            throw new UserError(flag + " is too large: '" + text + "'");
        }
        return seconds;
    }
}
