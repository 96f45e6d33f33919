package io.nous.report;

import io.nous.evaluator.study.FidelityReport;
import io.nous.evaluator.study.FidelityReport.FigureResult;
import io.nous.evaluator.study.FidelityReport.Outcome;
import io.nous.evaluator.study.FidelityReport.PointResult;
import java.util.Locale;

/**
 * A fidelity check as one self-contained HTML page: the settings with their sources, a table per
 * point with every setting's values (cells that reproduce a figure marked), the verdicts, the tally
 * by setting and the baseline-only fit.
 */
public final class FidelityHtml {
    private FidelityHtml() {
    }

    public static String render(FidelityReport r) {
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Fidelity: ").append(esc(r.study()))
                .append("</title>\n<style>body{font-family:system-ui,sans-serif;margin:2em;max-width:72em}"
                        + "table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:right}"
                        + "td:first-child,th:first-child{text-align:left}.ok{background:#d9f2d9}.verdict{font-weight:bold}"
                        + ".reproduced{color:#176617}.bracketed{color:#8a6d00}.out-of-range{color:#a11}</style></head><body>\n");
        h.append("<h1>Fidelity against ").append(esc(r.study())).append("</h1>\n<p>").append(esc(r.title())).append("</p>\n");
        h.append("<p>Published in: ").append(esc(r.source())).append("</p>\n");
        h.append(String.format(Locale.ROOT, "<p>%s (baseline) vs %s (treatment), %s, %d seed(s) &times; %.0f s. Reproduced: a change "
                        + "within %.0f percentage points in the measured direction, an absolute within &times;%.2f.</p>\n",
                esc(r.baseline()), esc(r.treatment()), esc(FidelityTable.metricName(r.metric())), r.seeds(), r.durationSeconds(),
                r.tolerance().changePoints(), r.tolerance().ratio()));
        h.append("<h2>Verdicts</h2>\n<table><tr><th>point</th><th>published</th><th>verdict</th><th>each figure</th></tr>\n");
        for (PointResult p : r.points()) {
            h.append("<tr><td><a href=\"#").append(esc(p.point())).append("\">").append(esc(p.point())).append("</a></td><td>")
                    .append(esc(FidelityTable.published(p.published()))).append("</td><td class=\"verdict ").append(p.verdict().id())
                    .append("\">").append(p.verdict().id().replace('-', ' ')).append("</td><td style=\"text-align:left\">");
            for (FigureResult f : p.figures()) {
                h.append(esc(FidelityTable.figure(f))).append(": ").append(esc(FidelityTable.by(f, r.settings().size()))).append("<br>");
            }
            h.append("</td></tr>\n");
        }
        h.append("</table>\n<h2>Settings</h2>\n<table><tr><th>setting</th><th>unknown</th><th>changes</th><th>source</th>"
                + "<th>points reproduced</th></tr>\n");
        for (int i = 0; i < r.settings().size(); i++) {
            FidelityReport.SettingInfo s = r.settings().get(i);
            FidelityReport.SettingSummary t = r.bySetting().get(i);
            h.append("<tr><td>").append(esc(s.name())).append("</td><td>").append(esc(s.unknown())).append("</td><td>")
                    .append(esc(s.changes())).append("</td><td style=\"text-align:left\">").append(s.guess() ? "<em>a guess</em> " : "")
                    .append(esc(s.source() == null ? "" : s.source())).append("</td><td>").append(t.reproduced()).append('/')
                    .append(r.points().size()).append("</td></tr>\n");
        }
        h.append("</table>\n");
        for (PointResult p : r.points()) {
            h.append("<h2 id=\"").append(esc(p.point())).append("\">").append(esc(p.point())).append("</h2>\n<p>published: ")
                    .append(esc(FidelityTable.published(p.published())));
            if (p.published().note() != null) {
                h.append(" &mdash; ").append(esc(p.published().note()));
            }
            h.append("</p>\n");
            Double published = p.published().publishedChange();
            if (published != null) {
                // the published change (observed) beside Nous's under each setting (simulated)
                java.util.Map<String, double[]> bars = new java.util.LinkedHashMap<>();
                for (Outcome o : p.outcomes()) {
                    bars.put(o.setting(), new double[] {100 * published, 100 * o.change()});
                }
                h.append("<div>").append(Charts.sideBySide(p.point() + ": change of " + FidelityTable.metricName(r.metric()),
                        "change (%)", bars)).append("</div>\n");
            }
            h.append("<table><tr><th>setting</th><th>baseline</th><th>treatment</th><th>change</th><th>interval</th></tr>\n");
            for (Outcome o : p.outcomes()) {
                h.append("<tr><td>").append(esc(o.setting())).append("</td>")
                        .append(cell(p, o.setting(), FidelityReport.Figure.BASELINE, FidelityTable.seconds(o.baselineSeconds())))
                        .append(cell(p, o.setting(), FidelityReport.Figure.TREATMENT, FidelityTable.seconds(o.treatmentSeconds())))
                        .append(cell(p, o.setting(), p.figures().get(0).figure(), FidelityTable.pct(o.change())))
                        .append("<td>[").append(FidelityTable.pct(o.ciLow())).append(", ").append(FidelityTable.pct(o.ciHigh()))
                        .append("]</td></tr>\n");
            }
            h.append("</table>\n<ul>\n");
            for (FigureResult f : p.figures()) {
                h.append("<li>").append(esc(FidelityTable.figure(f))).append(": ").append(esc(FidelityTable.by(f, r.settings().size())))
                        .append("</li>\n");
            }
            h.append("</ul>\n");
        }
        if (r.fit() != null) {
            FidelityReport.Fit f = r.fit();
            h.append("<h2>Fit on the baseline arm alone</h2>\n<p>Chosen on ").append(esc(String.join(", ", f.fittedOn()))).append(": <b>")
                    .append(esc(f.setting())).append(String.format(Locale.ROOT, "</b>, mean |log ratio| %.2f.</p>\n", f.loss()));
            h.append("<table><tr><th>point</th><th>predicted change</th><th>published</th><th>error (points)</th>"
                    + "<th>predicted treatment</th><th>published</th><th>within tolerance</th></tr>\n");
            for (FidelityReport.Prediction p : f.predictions()) {
                h.append("<tr><td>").append(esc(p.point())).append("</td><td>").append(FidelityTable.pct(p.predictedChange()))
                        .append("</td><td>").append(FidelityTable.pct(p.publishedChange())).append("</td><td>")
                        .append(p.changeErrorPoints() == null ? "-" : String.format(Locale.ROOT, "%+.1f", p.changeErrorPoints()))
                        .append("</td><td>").append(FidelityTable.seconds(p.predictedTreatment())).append("</td><td>")
                        .append(p.publishedTreatment() == null ? "-" : FidelityTable.seconds(p.publishedTreatment())).append("</td><td>")
                        .append(p.withinTolerance() ? "yes" : "no").append("</td></tr>\n");
            }
            h.append("</table>\n");
        }
        h.append(String.format(Locale.ROOT, "<p>%d simulations.</p>\n</body></html>\n", r.simulations()));
        return h.toString();
    }

    private static String cell(PointResult p, String setting, FidelityReport.Figure figure, String text) {
        boolean ok = p.figures().stream().anyMatch(f -> f.figure() == figure && f.reproducedBy().contains(setting));
        return (ok ? "<td class=\"ok\">" : "<td>") + esc(text) + "</td>";
    }

    private static String esc(String s) {
        return RunReport.esc(s);
    }
}
