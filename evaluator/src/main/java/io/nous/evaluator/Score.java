package io.nous.evaluator;

import io.nous.evaluator.stats.Verdict;

/**
 * The objective over a split: the geometric mean of {@code 1 + change} over the contended
 * scenarios, minus 1, with its bootstrap interval and verdict.
 */
public record Score(String objective, double change, double ciLow, double ciHigh, Verdict verdict, int scenarios) {
}
