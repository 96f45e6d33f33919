package io.nous.observe;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;

/** Renders an observation summary ({@link ObservationJson}) as a console table, a row per class. */
public final class ObservationTable {
    private ObservationTable() {
    }

    public static String render(JsonNode summary) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%-14s %7s %7s %7s %6s  %9s %9s %9s  %8s  %9s%n", "class", "sent", "ok", "dropped", "failed",
                "TTFT p50", "p90", "p99", "ITL p50", "E2E p99"));
        long counted = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = summary.path("classes").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode c = e.getValue();
            counted += c.path("arrived").asLong();
            b.append(String.format(Locale.ROOT, "%-14s %7d %7d %7d %6d  %9s %9s %9s  %8s  %9s%n", e.getKey(), c.path("arrived").asLong(),
                    c.path("completed").asLong(), c.path("dropped").asLong(), c.path("failed").asLong(), ms(c.path("ttft_p50_ms")),
                    ms(c.path("ttft_p90_ms")), ms(c.path("ttft_p99_ms")), ms(c.path("itl_p50_ms")), ms(c.path("e2e_p99_ms"))));
            reasons(b, "dropped", c.path("drops_by_reason"));
            reasons(b, "failed", c.path("failures_by_error"));
        }
        long all = summary.path("requests").asLong(counted);
        if (counted < all) {
            // the table is the measured window, as the simulator's summaries are: say where the rest went
            b.append(String.format(Locale.ROOT, "(the table counts the %d requests scheduled after the %s s warm-up; the %d before it are in the "
                    + "requests file, not in these numbers)%n", counted, num(summary.path("warmup_seconds").asDouble()), all - counted));
        }
        JsonNode lag = summary.path("send_lag_ms");
        if (lag.isObject()) {
            b.append(String.format(Locale.ROOT, "send lag (actual - scheduled send): p50 %.2f ms, p99 %.2f ms, max %.2f ms over %d requests%n",
                    lag.path("p50").asDouble(), lag.path("p99").asDouble(), lag.path("max").asDouble(), lag.path("count").asLong()));
        }
        if (summary.path("interrupted").asBoolean(false)) {
            b.append("(stopped before the end: these are the requests measured so far)\n");
        }
        return b.toString();
    }

    private static void reasons(StringBuilder b, String what, JsonNode m) {
        if (m.size() == 0) {
            return;
        }
        StringBuilder line = new StringBuilder("  " + what + ":");
        m.fields().forEachRemaining(e -> line.append(' ').append(e.getKey()).append(' ').append(e.getValue().asLong()).append(','));
        line.setLength(line.length() - 1);
        b.append(line).append('\n');
    }

    private static String num(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }

    private static String ms(JsonNode n) {
        return n.isNumber() ? String.format(Locale.ROOT, "%.1f ms", n.asDouble()) : "-";
    }
}
