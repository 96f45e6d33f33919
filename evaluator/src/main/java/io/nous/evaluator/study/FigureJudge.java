package io.nous.evaluator.study;

import io.nous.evaluator.study.FidelityReport.Figure;
import io.nous.evaluator.study.FidelityReport.FigureResult;
import io.nous.evaluator.study.FidelityReport.Outcome;
import io.nous.evaluator.study.FidelityReport.PointResult;
import io.nous.evaluator.study.FidelityReport.Verdict;
import java.util.ArrayList;
import java.util.List;

/**
 * Judges a point's outcomes against what the study published, figure by figure: a change within the
 * tolerance's percentage points and in the measured direction, an absolute within its factor, a bare
 * direction held. Pure: the same outcomes give the same verdicts.
 */
public final class FigureJudge {
    private final Study.Tolerance tolerance;

    public FigureJudge(Study.Tolerance tolerance) {
        this.tolerance = tolerance;
    }

    /** The figures a point publishes, in the order they are reported. */
    public static List<Figure> figures(Study.Point p) {
        List<Figure> out = new ArrayList<>();
        if (p.publishedChange() != null || p.expect() == Expectation.NEUTRAL) {
            out.add(Figure.CHANGE);
        } else {
            out.add(Figure.DIRECTION);
        }
        if (p.baselineSeconds() != null) {
            out.add(Figure.BASELINE);
        }
        if (p.treatmentSeconds() != null) {
            out.add(Figure.TREATMENT);
        }
        return out;
    }

    /** The published number of a figure (a change of 0 for a no-op point), or null for a direction. */
    public static Double published(Study.Point p, Figure f) {
        return switch (f) {
            case CHANGE -> p.publishedChange() != null ? p.publishedChange() : 0.0;
            case BASELINE -> p.baselineSeconds();
            case TREATMENT -> p.treatmentSeconds();
            case DIRECTION -> null;
        };
    }

    /**
     * How far an outcome is from a figure, signed: percentage points for a change, the natural log of
     * Nous over published for an absolute, and for a bare direction 0 when held, else the change in points.
     */
    public double error(Study.Point p, Figure f, Outcome o) {
        return switch (f) {
            case CHANGE -> 100 * (o.change() - published(p, f));
            case BASELINE -> Math.log(o.baselineSeconds() / p.baselineSeconds());
            case TREATMENT -> Math.log(o.treatmentSeconds() / p.treatmentSeconds());
            case DIRECTION -> directionHeld(p.expect(), o) ? 0 : 100 * o.change();
        };
    }

    /** Whether an outcome reproduces one figure. */
    public boolean reproduces(Study.Point p, Figure f, Outcome o) {
        if (Double.isNaN(o.change())) {
            return false;
        }
        return switch (f) {
            case CHANGE -> directionHeld(p.expect(), o) && Math.abs(error(p, f, o)) <= tolerance.changePoints();
            case BASELINE, TREATMENT -> Math.abs(error(p, f, o)) <= Math.log(tolerance.ratio());
            case DIRECTION -> directionHeld(p.expect(), o);
        };
    }

    /** Whether an outcome moves the way the study measured; a no-op point needs a change within tolerance. */
    public boolean directionHeld(Expectation e, Outcome o) {
        return switch (e) {
            case BETTER -> o.change() < 0;
            case WORSE -> o.change() > 0;
            case NEUTRAL -> Math.abs(100 * o.change()) <= tolerance.changePoints();
            case NOT_WORSE -> 100 * o.change() <= tolerance.changePoints() && !"worse".equals(o.verdict());
        };
    }

    /** The point's figures and verdict over its outcomes (one per setting, in the settings' order). */
    public PointResult judge(Study.Point p, List<Outcome> outcomes) {
        List<FigureResult> figures = new ArrayList<>();
        for (Figure f : figures(p)) {
            List<Double> errors = new ArrayList<>();
            List<String> by = new ArrayList<>();
            boolean below = false;
            boolean above = false;
            String nearest = null;
            double best = Double.POSITIVE_INFINITY;
            for (Outcome o : outcomes) {
                double err = error(p, f, o);
                errors.add(err);
                if (reproduces(p, f, o)) {
                    by.add(o.setting());
                }
                below |= err < 0;
                above |= err > 0;
                if (Math.abs(err) < best) {
                    best = Math.abs(err);
                    nearest = o.setting();
                }
            }
            Verdict v = !by.isEmpty() ? Verdict.REPRODUCED : below && above ? Verdict.BRACKETED : Verdict.OUT_OF_RANGE;
            figures.add(new FigureResult(f, published(p, f), p.expect().id(), List.copyOf(errors), List.copyOf(by), v, nearest));
        }
        // a setting reproduces the point when every figure names it
        List<String> all = outcomes.stream().map(Outcome::setting)
                .filter(s -> figures.stream().allMatch(f -> f.reproducedBy().contains(s))).toList();
        Verdict point = !all.isEmpty() ? Verdict.REPRODUCED
                : figures.stream().allMatch(r -> r.verdict() != Verdict.OUT_OF_RANGE) ? Verdict.BRACKETED : Verdict.OUT_OF_RANGE;
        return new PointResult(p.label(), p, List.copyOf(outcomes), List.copyOf(figures), List.copyOf(all), point);
    }
}
