/**
 * Scenario matrices, paired evaluation with common random numbers, objectives and statistics (see the evaluator issue).
 */
package io.nous.evaluator;
