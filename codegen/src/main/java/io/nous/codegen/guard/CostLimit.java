package io.nous.codegen.guard;

import java.util.Locale;

/**
 * How much work a candidate may do per call on average over a simulation, relative to the most
 * expensive shipped template of its kind: soft-reflective-ceiling at the same number of bands for a
 * usage limit, probabilistic-admitter for an admission decision. A candidate
 * over it is stopped with a deterministic "too slow" fault: the same in-process, in a worker and on
 * replay. A warm-up allowance lets the first calls do one-off work.
 *
 * @param factor how many times the template's work a candidate may use on average
 */
public record CostLimit(double factor) {
    /**
     * Work units per call of the soft-reflective-ceiling template: {@code BASE + PER_BAND x bands}.
     * Measured by instrumenting its shipped source (TemplateCostTest keeps these honest).
     */
    public static final double TEMPLATE_BASE = 41;
    public static final double TEMPLATE_PER_BAND = 69;
    /**
     * Work units per admission decision of the probabilistic-admitter template, the costlier shipped
     * admitter (one general-path {@code pow}); the model admission candidates are held to.
     */
    public static final double ADMISSION_TEMPLATE = 1900;
    /** Calls' worth of allowance granted up front. */
    public static final int WARM_UP_CALLS = 1000;

    /**
     * 20x the template: room for policies far richer than any shipped one (the templates' calls are
     * a small part of a simulation's time, so a run stays within a few times the template's cost),
     * while a candidate that would make an evaluation hours long is stopped in its first seconds.
     */
    public static final CostLimit DEFAULT = new CostLimit(20);

    public CostLimit {
        if (!(factor >= 1) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException("the cost limit must be a factor >= 1, got " + factor);
        }
    }

    /** The template's work per call at {@code bands} bands. */
    public static double templateUnits(int bands) {
        return TEMPLATE_BASE + TEMPLATE_PER_BAND * Math.max(1, bands);
    }

    /** Average work units allowed per call at {@code bands} bands. */
    public double unitsPerCall(int bands) {
        return factor * templateUnits(bands);
    }

    /** Average work units allowed per admission decision. */
    public double unitsPerAdmission() {
        return factor * ADMISSION_TEMPLATE;
    }

    /** Work allowed before the average starts to count. */
    public double warmUpUnits() {
        return WARM_UP_CALLS * unitsPerCall(6);
    }

    String describeAdmission() {
        return String.format(Locale.ROOT, "%.0fx the probabilistic admitter's %.0f units", factor, ADMISSION_TEMPLATE);
    }

    String describe(int bands) {
        return String.format(Locale.ROOT, "%.0fx the soft-reflective template's %.0f units at %d band%s", factor, templateUnits(bands), bands,
                bands == 1 ? "" : "s");
    }
}
