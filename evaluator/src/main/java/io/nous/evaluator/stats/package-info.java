/** Paired statistics over seeds and requests: bootstrap intervals, a paired test, verdicts. */
package io.nous.evaluator.stats;
