package io.nous.evaluator.study;

import io.nous.evaluator.objective.StandardMetrics;
import io.nous.evaluator.run.PairedRunner;
import io.nous.evaluator.run.PairedScenario;
import io.nous.evaluator.run.PolicyUnderTest;
import io.nous.evaluator.scenario.Matrix;
import io.nous.evaluator.scenario.MatrixEntry;
import io.nous.evaluator.scenario.PromotionRule;
import io.nous.evaluator.scenario.Variant;
import io.nous.evaluator.stats.Comparison;
import io.nous.evaluator.stats.PairedBootstrap;
import io.nous.evaluator.study.FidelityReport.Figure;
import io.nous.evaluator.study.FidelityReport.Outcome;
import io.nous.evaluator.study.FidelityReport.PointResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.commons.math3.random.Well19937c;

/**
 * Re-runs a study: every point under every setting (the shipped defaults, each unknown's sourced
 * values, the declared combinations), baseline and treatment on the same arrivals, and judges each
 * published figure ({@link FigureJudge}). With {@code fitBaseline} it also chooses the setting from
 * the baseline arm's published figures alone and reports how well that predicts the treatment arm.
 * It only orchestrates: the runner simulates, the bootstrap compares, the judge decides.
 */
public final class FidelityCheck {
    private final PairedRunner runner;
    private final PairedBootstrap stats;

    /** @param runner simulates with the study's baseline as its baseline */
    public FidelityCheck(PairedRunner runner, PairedBootstrap stats) {
        this.runner = runner;
        this.stats = stats;
    }

    public FidelityReport run(Study study, PolicyUnderTest treatment, boolean fitBaseline) {
        List<Study.Setting> settings = study.settings();
        List<MatrixEntry> entries = study.points().stream().map(Study.Point::entry).toList();
        List<Variant> variants = settings.stream().map(Study.Setting::variant).toList();
        Matrix matrix = new Matrix(study.name(), study.seeds(), study.durationSeconds(), entries, study.deployment().router(), variants,
                PromotionRule.ALL);
        Map<String, Map<String, Outcome>> byPoint = new LinkedHashMap<>();
        for (PairedScenario p : runner.run(treatment, matrix, entries, variants)) {
            byPoint.computeIfAbsent(p.entry().label(), k -> new LinkedHashMap<>()).put(p.variant().name(), outcome(study, p));
        }
        FigureJudge judge = new FigureJudge(study.tolerance());
        List<PointResult> points = new ArrayList<>();
        for (Study.Point p : study.points()) {
            Map<String, Outcome> got = byPoint.get(p.entry().label());
            List<Outcome> ordered = settings.stream().map(s -> Objects.requireNonNull(got.get(s.name()), s.name())).toList();
            points.add(judge.judge(p, ordered));
        }
        List<FidelityReport.SettingSummary> bySetting = new ArrayList<>();
        for (Study.Setting s : settings) {
            List<String> missed = points.stream().filter(r -> !r.reproducedBy().contains(s.name())).map(PointResult::point).toList();
            bySetting.add(new FidelityReport.SettingSummary(s.name(), points.size() - missed.size(), missed));
        }
        List<FidelityReport.SettingInfo> infos = settings.stream()
                .map(s -> new FidelityReport.SettingInfo(s.name(), s.unknown(), s.variant().describe(), s.source(), s.guess())).toList();
        FidelityReport.Fit fit = fitBaseline ? fit(study, settings, points, judge) : null;
        return new FidelityReport(study.name(), study.title(), study.source(), study.baseline(), study.treatment(), study.metric(),
                study.seeds(), study.durationSeconds(), stats.confidence(), study.tolerance(), infos, points, bySetting, fit,
                runner.simulations());
    }

    private Outcome outcome(Study study, PairedScenario p) {
        String label = p.entry().label() + "|" + p.variant().name();
        Comparison c = StandardMetrics.compare(p, study.metric(), stats, new Well19937c(label.hashCode()));
        double[] b = StandardMetrics.perRunMs(p.baseline(), study.metric());
        double[] t = StandardMetrics.perRunMs(p.candidate(), study.metric());
        return new Outcome(p.variant().name(), c.baseline() / 1000, min(b) / 1000, max(b) / 1000, c.candidate() / 1000, min(t) / 1000,
                max(t) / 1000, c.change(), c.ciLow(), c.ciHigh(), c.verdict().id());
    }

    /**
     * The setting whose baseline arm comes closest to the published baselines (mean absolute log
     * ratio), and its predictions of the treatment arm at every point.
     */
    static FidelityReport.Fit fit(Study study, List<Study.Setting> settings, List<PointResult> points, FigureJudge judge) {
        List<PointResult> withBaseline = points.stream().filter(r -> r.published().baselineSeconds() != null).toList();
        if (withBaseline.isEmpty()) {
            throw new StudyException(study.origin() + ": --fit baseline needs points with a published baseline value; this study has none",
                    null);
        }
        List<FidelityReport.Ranked> ranked = new ArrayList<>();
        for (int i = 0; i < settings.size(); i++) {
            double loss = 0;
            for (PointResult r : withBaseline) {
                loss += Math.abs(judge.error(r.published(), Figure.BASELINE, r.outcomes().get(i)));
            }
            ranked.add(new FidelityReport.Ranked(settings.get(i).name(), loss / withBaseline.size()));
        }
        List<FidelityReport.Ranked> sorted = new ArrayList<>(ranked);
        sorted.sort(Comparator.comparingDouble(FidelityReport.Ranked::loss)); // stable: ties keep the settings' order
        FidelityReport.Ranked chosen = sorted.get(0);
        int at = ranked.indexOf(chosen);
        List<FidelityReport.Prediction> predictions = new ArrayList<>();
        for (PointResult r : points) {
            Study.Point p = r.published();
            Outcome o = r.outcomes().get(at);
            Double pubChange = FigureJudge.figures(p).contains(Figure.CHANGE) ? FigureJudge.published(p, Figure.CHANGE) : null;
            boolean within = true;
            for (Figure f : FigureJudge.figures(p)) {
                if (f != Figure.BASELINE) {
                    within &= judge.reproduces(p, f, o);
                }
            }
            predictions.add(new FidelityReport.Prediction(r.point(), pubChange, o.change(),
                    pubChange == null ? null : 100 * (o.change() - pubChange), p.treatmentSeconds(), o.treatmentSeconds(),
                    p.treatmentSeconds() == null ? null : o.treatmentSeconds() / p.treatmentSeconds(), within));
        }
        return new FidelityReport.Fit(chosen.setting(), chosen.loss(), withBaseline.stream().map(PointResult::point).toList(),
                List.copyOf(sorted), List.copyOf(predictions));
    }

    private static double min(double[] v) {
        double m = Double.POSITIVE_INFINITY;
        for (double x : v) {
            m = Math.min(m, x);
        }
        return m;
    }

    private static double max(double[] v) {
        double m = Double.NEGATIVE_INFINITY;
        for (double x : v) {
            m = Math.max(m, x);
        }
        return m;
    }
}
