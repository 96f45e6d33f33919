package io.nous.evaluator.stats;

/**
 * Candidate versus baseline on one metric: both values, the relative change
 * {@code (candidate - baseline) / baseline} with its bootstrap confidence interval, the p-value of a
 * paired test across seeds (NaN when there are too few seeds), and the verdict.
 */
public record Comparison(String metric, double baseline, double candidate, double change, double ciLow, double ciHigh,
                         double pValue, Verdict verdict) {
}
