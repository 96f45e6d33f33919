package io.nous.observe;

import io.nous.report.Charts;
import static io.nous.report.RunReport.esc;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A {@link Comparison} as a self-contained HTML page: the table, agreement scatters and percentile bars. */
public final class ComparisonHtml {
    private ComparisonHtml() {
    }

    public static String render(Comparison c, RequestsFile.Contents observed, RequestsFile.Contents simulated) {
        StringBuilder b = new StringBuilder();
        String title = "Nous: simulator vs observation, " + observed.header().workload();
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>").append(esc(title)).append("</title>\n")
                .append("<style>body{font-family:sans-serif;margin:2em;max-width:1000px}table{border-collapse:collapse}"
                        + "td,th{border:1px solid #ccc;padding:2px 5px;text-align:right;font-size:13px}th{background:#f4f4f4}td.l{text-align:left}"
                        + ".charts svg{margin:0.5em 0}</style>\n</head>\n<body>\n");
        b.append("<h1>").append(esc(title)).append("</h1>\n<p>Observed: ").append(esc(describe(observed.header())))
                .append("<br>Simulated: ").append(esc(describe(simulated.header()))).append("<br>")
                .append(c.pairedRequests()).append(" requests completed in both and measured, paired by id. ")
                .append("Relative error is (simulated - observed) / observed; MAPE is 100 &middot; mean |sim - obs| / obs over paired requests.</p>\n");
        b.append("<table>\n<tr><th>class</th><th>metric</th><th>mean obs</th><th>sim</th><th>err</th><th>p50 obs</th><th>sim</th><th>err</th>"
                + "<th>p90 obs</th><th>sim</th><th>err</th><th>p99 obs</th><th>sim</th><th>err</th><th>MAPE</th><th>r</th></tr>\n");
        for (Comparison.ClassComparison cc : c.classes()) {
            cc.metrics().forEach((m, mc) -> {
                b.append("<tr><td class=\"l\">").append(esc(cc.name())).append("</td><td class=\"l\">").append(m.name()).append("</td>");
                for (Comparison.Pair p : List.of(mc.mean(), mc.p50(), mc.p90(), mc.p99())) {
                    b.append("<td>").append(num(p.observed())).append("</td><td>").append(num(p.simulated())).append("</td><td>")
                            .append(err(p.relativeError())).append("</td>");
                }
                b.append("<td>").append(Double.isNaN(mc.paired().mapePercent()) ? "-" : String.format(Locale.ROOT, "%.1f%%", mc.paired().mapePercent()))
                        .append("</td><td>").append(Double.isNaN(mc.paired().pearsonR()) ? "-" : String.format(Locale.ROOT, "%.3f", mc.paired().pearsonR()))
                        .append("</td></tr>\n");
            });
        }
        b.append("</table>\n<div class=\"charts\">\n");
        b.append(Charts.agreement("TTFT per request", "ms", Comparison.points(observed, simulated, Comparison.Metric.TTFT))).append('\n');
        b.append(Charts.agreement("ITL per request", "ms", Comparison.points(observed, simulated, Comparison.Metric.ITL))).append('\n');
        Map<String, double[]> bars = new LinkedHashMap<>();
        for (Comparison.ClassComparison cc : c.classes()) {
            Comparison.MetricComparison t = cc.metrics().get(Comparison.Metric.TTFT);
            bars.put(cc.name() + " p50", new double[] {t.p50().observed(), t.p50().simulated()});
            bars.put(cc.name() + " p90", new double[] {t.p90().observed(), t.p90().simulated()});
            bars.put(cc.name() + " p99", new double[] {t.p99().observed(), t.p99().simulated()});
        }
        b.append(Charts.sideBySide("TTFT percentiles by class", "ms", bars)).append('\n');
        b.append("</div>\n</body>\n</html>\n");
        return b.toString();
    }

    private static String describe(RequestsHeader h) {
        String what = h.url() != null ? h.url() + " (" + h.model() + ", " + h.api() + ")"
                : h.profile() != null ? "profile " + h.profile() + ", policy " + h.policy() : h.source();
        return what + "; " + h.workload() + " at " + h.qps() + " qps, seed " + h.seed();
    }

    private static String num(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f", v);
    }

    private static String err(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%+.1f%%", 100 * v);
    }
}
