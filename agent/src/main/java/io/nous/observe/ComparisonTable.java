package io.nous.observe;

import java.util.Locale;

/** A {@link Comparison} for the console: a row per class and metric, observed | simulated | error. */
public final class ComparisonTable {
    private ComparisonTable() {
    }

    public static String render(Comparison c) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%-12s %-5s %21s %21s %21s %21s  %7s %6s%n", "class", "", "mean (obs/sim/err)", "p50", "p90", "p99",
                "MAPE", "r"));
        for (Comparison.ClassComparison cc : c.classes()) {
            boolean first = true;
            for (var e : cc.metrics().entrySet()) {
                Comparison.MetricComparison m = e.getValue();
                b.append(String.format(Locale.ROOT, "%-12s %-5s %21s %21s %21s %21s  %7s %6s%n", first ? cc.name() : "", e.getKey().name(),
                        cell(m.mean()), cell(m.p50()), cell(m.p90()), cell(m.p99()), pct(m.paired().mapePercent()), r(m.paired().pearsonR())));
                first = false;
            }
            b.append(String.format(Locale.ROOT, "%-12s completed %.0f/%.0f, dropped %.0f/%.0f, failed (observed) %d, throughput %.2f/%.2f req/s%n",
                    "", cc.completed().observed(), cc.completed().simulated(), cc.dropped().observed(), cc.dropped().simulated(),
                    cc.failedObserved(), cc.throughputRps().observed(), cc.throughputRps().simulated()));
        }
        b.append(String.format(Locale.ROOT, "per request, %d paired: TTFT MAPE %s r %s | E2E MAPE %s r %s | ITL MAPE %s r %s%n", c.pairedRequests(),
                pct(c.overall().get(Comparison.Metric.TTFT).mapePercent()), r(c.overall().get(Comparison.Metric.TTFT).pearsonR()),
                pct(c.overall().get(Comparison.Metric.E2E).mapePercent()), r(c.overall().get(Comparison.Metric.E2E).pearsonR()),
                pct(c.overall().get(Comparison.Metric.ITL).mapePercent()), r(c.overall().get(Comparison.Metric.ITL).pearsonR())));
        if (c.reportsPrefixCache()) {
            Comparison.Pair h = c.prefixCacheHitRate();
            b.append(String.format(Locale.ROOT, "prefix cache: %s of prompt tokens hit observed, %s simulated%n", pct(100 * h.observed()),
                    pct(100 * h.simulated())));
        }
        return b.toString();
    }

    private static String cell(Comparison.Pair p) {
        if (Double.isNaN(p.observed()) && Double.isNaN(p.simulated())) {
            return "-";
        }
        double e = p.relativeError();
        return String.format(Locale.ROOT, "%.1f/%.1f/%s", p.observed(), p.simulated(), Double.isNaN(e) ? "n/a" : String.format(Locale.ROOT, "%+.0f%%", 100 * e));
    }

    private static String pct(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f%%", v);
    }

    private static String r(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f", v);
    }
}
