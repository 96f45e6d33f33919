package io.nous.report;

import io.nous.sim.metrics.ClassSummary;
import io.nous.sim.metrics.SimulationResult;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * Renders several policies' results on the same scenario side by side, with each column's change
 * relative to the first policy (the reference).
 */
public final class ComparisonReport {
    private ComparisonReport() {
    }

    private record Row(String label, ToDoubleFunction<ClassSummary> value, boolean latency) {
    }

    private static final List<Row> ROWS = List.of(
            new Row("ttft p50", c -> c.ttft().p50Ms(), true),
            new Row("ttft p99", c -> c.ttft().p99Ms(), true),
            new Row("e2e p99", c -> c.e2e().p99Ms(), true),
            new Row("itl p50", c -> c.itl().p50Ms(), true),
            new Row("queue p99", c -> c.queueDelay().p99Ms(), true),
            new Row("completed", c -> c.completed(), false),
            new Row("dropped", c -> c.dropped(), false));

    public static String render(List<SimulationResult> results) {
        SimulationResult ref = results.get(0);
        StringBuilder sb = new StringBuilder();
        boolean byRouting = results.stream().map(r -> r.run().routing()).distinct().count() > 1;
        sb.append(String.format(Locale.ROOT, "%s @ %s qps on %d pods, seed %d: same arrivals for every %s%n%n",
                ref.workload(), TableReport.fmt(ref.qps()), ref.pods(), ref.seed(), byRouting ? "router config" : "policy"));
        sb.append(String.format(Locale.ROOT, "%-21s", ""));
        for (SimulationResult r : results) {
            sb.append(String.format(Locale.ROOT, " %24s", clip(byRouting ? r.run().routing() : r.policy().usageLimitPolicy(), 24)));
        }
        sb.append(System.lineSeparator());
        for (String cls : ref.classes().keySet()) {
            for (Row row : ROWS) {
                sb.append(String.format(Locale.ROOT, "%-10s %-10s", cls, row.label()));
                double base = row.value().applyAsDouble(ref.classes().get(cls));
                for (int i = 0; i < results.size(); i++) {
                    double v = row.value().applyAsDouble(results.get(i).classes().get(cls));
                    String cell = row.latency() ? ms(v) : String.format(Locale.ROOT, "%.0f", v);
                    if (i > 0 && base > 0 && !Double.isNaN(v)) {
                        cell += String.format(Locale.ROOT, " (%+.0f%%)", 100 * (v - base) / base);
                    }
                    sb.append(String.format(Locale.ROOT, " %24s", cell));
                }
                sb.append(System.lineSeparator());
            }
        }
        sb.append(String.format(Locale.ROOT, "%-21s", "saturation mean"));
        for (SimulationResult r : results) {
            sb.append(String.format(Locale.ROOT, " %24.2f", r.saturation().mean()));
        }
        sb.append(System.lineSeparator());
        if (results.stream().anyMatch(r -> r.saturation().mean() >= 1)) {
            sb.append(TableReport.SATURATION_LEGEND).append(System.lineSeparator());
        }
        return sb.toString();
    }

    private static String ms(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        return v >= 10_000 ? String.format(Locale.ROOT, "%.1fs", v / 1000) : String.format(Locale.ROOT, "%.0fms", v);
    }

    private static String clip(String s, int n) {
        return s.length() <= n ? s : s.substring(0, n - 1) + "~";
    }
}
