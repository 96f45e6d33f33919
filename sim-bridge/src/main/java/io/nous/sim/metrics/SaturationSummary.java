package io.nous.sim.metrics;

/**
 * The saturation signal as the flow controller saw it, sampled at every scrape of pod 0 during the
 * measurement window.
 */
public record SaturationSummary(long samples, double mean, double max, double shareAtLeastHalf, double shareAtLeastOne) {
}
