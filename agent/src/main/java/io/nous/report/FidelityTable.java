package io.nous.report;

import io.nous.evaluator.study.FidelityReport;
import io.nous.evaluator.study.FidelityReport.FigureResult;
import io.nous.evaluator.study.FidelityReport.Outcome;
import io.nous.evaluator.study.FidelityReport.PointResult;
import io.nous.evaluator.study.Study;
import java.util.List;
import java.util.Locale;

/** A fidelity check as text: the settings, one table per point with its figures' verdicts, the settings' tally, the fit. */
public final class FidelityTable {
    private FidelityTable() {
    }

    public static String render(FidelityReport r) {
        StringBuilder sb = new StringBuilder();
        sb.append("Fidelity against study ").append(r.study()).append(": ").append(r.title()).append('\n');
        sb.append("  published in: ").append(r.source()).append('\n');
        sb.append(String.format(Locale.ROOT, "  %s (baseline) vs %s (treatment), %s, %d seed(s) x %.0f s, %.0f%% intervals;"
                        + " reproduced: a change within %.0f points in the measured direction, an absolute within x%.2f%n",
                r.baseline(), r.treatment(), metricName(r.metric()), r.seeds(), r.durationSeconds(), 100 * r.confidence(),
                r.tolerance().changePoints(), r.tolerance().ratio()));
        int width = Math.max(12, r.settings().stream().mapToInt(s -> s.name().length()).max().orElse(12)) + 2;
        sb.append("\nsettings\n");
        for (FidelityReport.SettingInfo s : r.settings()) {
            sb.append("  ").append(pad(s.name(), width)).append(s.changes());
            if (!s.unknown().equals("nominal")) {
                sb.append("  [").append(s.unknown()).append(s.guess() ? ", a guess" : "").append(']');
            }
            sb.append('\n');
        }
        for (PointResult p : r.points()) {
            sb.append('\n').append(p.point()).append("   published: ").append(published(p.published())).append('\n');
            sb.append("  ").append(pad("setting", width)).append(String.format(Locale.ROOT, "%10s %10s %9s %-20s %s%n", "baseline",
                    "treatment", "change", "interval", "reproduces"));
            for (int i = 0; i < p.outcomes().size(); i++) {
                Outcome o = p.outcomes().get(i);
                sb.append("  ").append(pad(o.setting(), width)).append(String.format(Locale.ROOT, "%10s %10s %9s %-20s %s%n",
                        seconds(o.baselineSeconds()), seconds(o.treatmentSeconds()), pct(o.change()),
                        "[" + pct(o.ciLow()) + ", " + pct(o.ciHigh()) + "]", reproduces(p, o.setting())));
            }
            for (FigureResult f : p.figures()) {
                sb.append("  ").append(figure(f)).append(": ").append(by(f, r.settings().size())).append('\n');
            }
            sb.append("  point: ").append(p.verdict().id().replace('-', ' '));
            if (!p.reproducedBy().isEmpty()) {
                sb.append(", every figure by ").append(p.reproducedBy().size() == r.settings().size() ? "every setting" : list(p.reproducedBy()));
            }
            sb.append('\n');
        }
        sb.append("\npoints reproduced (every figure) by setting\n");
        for (FidelityReport.SettingSummary s : r.bySetting()) {
            sb.append("  ").append(pad(s.setting(), width)).append(String.format(Locale.ROOT, "%d/%d", s.reproduced(), r.points().size()));
            if (!s.missed().isEmpty()) {
                sb.append("   misses ").append(String.join(", ", s.missed()));
            }
            sb.append('\n');
        }
        if (r.fit() != null) {
            FidelityReport.Fit f = r.fit();
            sb.append(String.format(Locale.ROOT, "%nfit on the baseline arm alone (%s): %s, mean |log ratio| %.2f (x%.2f)%n",
                    String.join(", ", f.fittedOn()), f.setting(), f.loss(), Math.exp(f.loss())));
            sb.append("  runners-up: ");
            sb.append(String.join(", ", f.ranked().stream().skip(1).limit(3)
                    .map(x -> String.format(Locale.ROOT, "%s %.2f", x.setting(), x.loss())).toList())).append('\n');
            sb.append("  its prediction of the treatment arm:\n");
            for (FidelityReport.Prediction p : f.predictions()) {
                sb.append("  ").append(pad(p.point(), 24));
                sb.append(String.format(Locale.ROOT, "change %s", pct(p.predictedChange())));
                if (p.publishedChange() != null) {
                    sb.append(String.format(Locale.ROOT, " vs %s published (%+.1f points)", pct(p.publishedChange()), p.changeErrorPoints()));
                }
                if (p.publishedTreatment() != null) {
                    sb.append(String.format(Locale.ROOT, "; treatment %s vs %s (x%.2f)", seconds(p.predictedTreatment()),
                            seconds(p.publishedTreatment()), p.treatmentRatio()));
                }
                sb.append(p.withinTolerance() ? "  within tolerance" : "  outside tolerance").append('\n');
            }
        }
        sb.append(String.format(Locale.ROOT, "%n%d simulations%n", r.simulations()));
        return sb.toString();
    }

    private static String reproduces(PointResult p, String setting) {
        StringBuilder sb = new StringBuilder();
        for (FigureResult f : p.figures()) {
            if (f.reproducedBy().contains(setting)) {
                sb.append(sb.length() == 0 ? "" : ", ").append(f.figure().id());
            }
        }
        return sb.toString();
    }

    static String published(Study.Point p) {
        StringBuilder sb = new StringBuilder();
        if (p.baselineSeconds() != null) {
            sb.append(seconds(p.baselineSeconds()));
        }
        if (p.treatmentSeconds() != null) {
            sb.append(" -> ").append(seconds(p.treatmentSeconds()));
        }
        Double c = p.publishedChange();
        if (c != null) {
            sb.append(sb.length() == 0 ? "" : " ").append('(').append(pct(c)).append(')');
        }
        if (sb.length() > 0) {
            sb.append(", ");
        }
        return sb.append(p.expect().id()).toString();
    }

    /** A figure's verdict and who reproduces it ("every setting" when all do), or the nearest setting. */
    static String by(FigureResult f, int settings) {
        String v = f.verdict().id().replace('-', ' ');
        if (f.reproducedBy().isEmpty()) {
            return v + " (nearest: " + f.nearest() + ")";
        }
        return v + " by " + (f.reproducedBy().size() == settings ? "every setting" : list(f.reproducedBy()));
    }

    static String figure(FigureResult f) {
        return switch (f.figure()) {
            case CHANGE -> "change " + pct(f.published());
            case BASELINE -> "baseline " + seconds(f.published());
            case TREATMENT -> "treatment " + seconds(f.published());
            case DIRECTION -> "direction " + f.expectation();
        };
    }

    static String metricName(String metric) {
        return metric.replace("_p99", " p99").replace('_', ' ').replace("ttft", "TTFT").replace("e2e", "E2E");
    }

    static String seconds(double s) {
        if (Double.isNaN(s)) {
            return "-";
        }
        return s < 1 ? String.format(Locale.ROOT, "%.0fms", 1000 * s) : String.format(Locale.ROOT, "%.1fs", s);
    }

    static String pct(Double x) {
        if (x == null || x.isNaN()) {
            return "-";
        }
        return String.format(Locale.ROOT, "%+.1f%%", 100 * x);
    }

    private static String list(List<String> names) {
        return names.size() <= 6 ? String.join(", ", names) : String.join(", ", names.subList(0, 6)) + " and " + (names.size() - 6) + " more";
    }

    private static String pad(String s, int w) {
        return s.length() >= w ? s + " " : s + " ".repeat(w - s.length());
    }
}
