package io.nous.sim.epp;

/**
 * The pool saturation the dispatch cycle compares against band ceilings, as the simulator reads it:
 * a built-in detector ({@link UtilizationDetector}, {@link ConcurrencyDetector}) or a policy at the
 * saturation-detector plug point ({@link DetectorCall}).
 */
public interface SaturationGauge {

    /** Pool saturation at {@code nowUs}; 1.0 means saturated, and the value may exceed 1. */
    double saturation(long nowUs);
}
