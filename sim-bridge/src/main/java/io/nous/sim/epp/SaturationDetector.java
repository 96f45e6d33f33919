package io.nous.sim.epp;

/** Computes the pool saturation that the dispatch cycle compares against band ceilings. */
public interface SaturationDetector {

    /** Pool saturation at {@code nowUs}; 1.0 means saturated, and the value may exceed 1. */
    double saturation(long nowUs);
}
