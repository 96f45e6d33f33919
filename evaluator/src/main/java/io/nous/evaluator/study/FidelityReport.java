package io.nous.evaluator.study;

import java.util.List;

/**
 * What a fidelity check found: per point and per published figure, Nous's value under every setting
 * of the study's unknowns, which settings reproduce the figure, and a verdict; per setting, how many
 * points it reproduces; and, when asked, the baseline-only fit and its predictions of the treatment.
 */
public record FidelityReport(String study, String title, String source, String baseline, String treatment, String metric, int seeds,
                             double durationSeconds, double confidence, Study.Tolerance tolerance, List<SettingInfo> settings,
                             List<PointResult> points, List<SettingSummary> bySetting, Fit fit, int simulations) {

    /** Whether a figure (or a point: all its figures under one setting) came out as the study measured. */
    public enum Verdict {
        /** Some setting reproduces it within tolerance. */
        REPRODUCED,
        /** No setting does, but settings fall on both sides of it: the unknowns span it. */
        BRACKETED,
        /** Every setting falls on the same side: no declared value of the unknowns reaches it. */
        OUT_OF_RANGE;

        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }
    }

    /** Which published number a figure is. */
    public enum Figure {
        /** The relative change, treatment over baseline (a no-op point publishes 0). */
        CHANGE,
        /** The baseline's absolute value. */
        BASELINE,
        /** The treatment's absolute value. */
        TREATMENT,
        /** Only a direction (the study says "no worse" or "better" without a number). */
        DIRECTION;

        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** One setting as the check ran it. */
    public record SettingInfo(String name, String unknown, String changes, String source, boolean guess) {
    }

    /**
     * One point under one setting: the metric of each arm (mean over seeds, with the lowest and highest
     * seed), the relative change with its bootstrap interval and verdict.
     */
    public record Outcome(String setting, double baselineSeconds, double baselineLow, double baselineHigh, double treatmentSeconds,
                          double treatmentLow, double treatmentHigh, double change, double ciLow, double ciHigh, String verdict) {
    }

    /**
     * One published figure of a point across the settings.
     *
     * @param published    the published number (seconds for absolutes, a fraction for a change), or null for a direction
     * @param errors       per setting (in the order of the outcomes), how far Nous is from it: percentage points for a
     *                     change, the log of the ratio for an absolute, 0 for a direction held and the change in points if not
     * @param reproducedBy the settings within tolerance, in the direction the study measured
     * @param nearest      the setting closest to it
     */
    public record FigureResult(Figure figure, Double published, String expectation, List<Double> errors, List<String> reproducedBy,
                               Verdict verdict, String nearest) {
    }

    /**
     * One point: what was published, every setting's outcome, each figure's verdict, and the point's:
     * reproduced when one setting reproduces every figure, bracketed when every figure is reproduced or
     * bracketed, out of range otherwise.
     *
     * @param reproducedBy the settings that reproduce every figure of the point
     */
    public record PointResult(String point, Study.Point published, List<Outcome> outcomes, List<FigureResult> figures,
                              List<String> reproducedBy, Verdict verdict) {
    }

    /** One setting across the study: the points it reproduces (every figure) and the ones it misses. */
    public record SettingSummary(String setting, int reproduced, List<String> missed) {
    }

    /**
     * The honest form of calibration: the setting chosen on the baseline arm's published figures
     * alone, and what it then predicts for the treatment arm.
     *
     * @param loss      the mean absolute log ratio of Nous's baseline to the published one, over {@code fittedOn}
     * @param ranked    every setting with its loss, best first
     */
    public record Fit(String setting, double loss, List<String> fittedOn, List<Ranked> ranked, List<Prediction> predictions) {
    }

    /** A setting and its loss on the baseline figures. */
    public record Ranked(String setting, double loss) {
    }

    /**
     * The fitted setting's prediction for one point's treatment arm, against what was published.
     *
     * @param changeErrorPoints predicted minus published change, in percentage points (null if none published)
     * @param treatmentRatio    predicted over published treatment value (null if none published)
     * @param withinTolerance   whether every published treatment-side figure is predicted within tolerance
     */
    public record Prediction(String point, Double publishedChange, double predictedChange, Double changeErrorPoints,
                             Double publishedTreatment, double predictedTreatment, Double treatmentRatio, boolean withinTolerance) {
    }
}
