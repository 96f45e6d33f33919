package io.nous.sim.config;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Go's duration syntax ({@code time.ParseDuration}: "15ms", "200us", "1m30s"), as Kubernetes objects
 * and Go programs' flags write durations.
 */
public final class GoDuration {
    private static final Pattern UNIT = Pattern.compile("(\\d+(?:\\.\\d*)?|\\.\\d+)(ns|us|µs|ms|s|m|h)");

    private GoDuration() {
    }

    /** The longest duration Go holds: an int64 of nanoseconds, 2562047h47m16.854775807s (about 292 years). */
    public static final long MAX_NANOS = Long.MAX_VALUE;
    /** {@link #MAX_NANOS} in whole seconds, for flags given in seconds. */
    public static final long MAX_SECONDS = MAX_NANOS / 1_000_000_000L;

    /** Why {@code s} is no Go duration, or null when it is one: not the syntax, or past Go's range. */
    public static String problem(String s) {
        if (nanos(s) != null) {
            return null;
        }
        return parse(s) == null ? "is not a duration" : "is past Go's duration range (at most 2562047h47m16s, about 292 years), "
                + "which the router refuses rather than reading as forever";
    }

    /** {@code s} in nanoseconds ("0" alone is allowed), or null when it is not a duration or is past Go's range. */
    public static Long nanos(String s) {
        Double ns = parse(s);
        // Go's ParseDuration refuses what overflows an int64 ("invalid duration"); rounding would saturate to "forever"
        return ns == null || !(ns < 0x1p63) ? null : Math.round(ns);
    }

    private static Double parse(String s) {
        s = s.trim();
        if (s.equals("0")) {
            return 0.0;
        }
        Matcher m = UNIT.matcher(s);
        int at = 0;
        double ns = 0;
        while (at < s.length() && m.find(at) && m.start() == at) {
            double v = Double.parseDouble(m.group(1));
            ns += v * switch (m.group(2)) {
                case "ns" -> 1;
                case "us", "µs" -> 1e3;
                case "ms" -> 1e6;
                case "s" -> 1e9;
                case "m" -> 60e9;
                default -> 3600e9;
            };
            at = m.end();
        }
        return at == 0 || at != s.length() ? null : ns;
    }
}
