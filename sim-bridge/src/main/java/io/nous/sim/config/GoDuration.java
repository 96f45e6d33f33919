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

    /** {@code s} in nanoseconds ("0" alone is allowed), or null when it is not a duration. */
    public static Long nanos(String s) {
        s = s.trim();
        if (s.equals("0")) {
            return 0L;
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
        return at == 0 || at != s.length() ? null : Math.round(ns);
    }
}
